/**
 * Stable codes for every validation rule and error the API can return. The server and the UI
 * translate them; the wire never depends on English text.
 */

/** Field-level validation codes (docs/product.md#validation). Used as valibot messages, so issues carry them. */
export const ValidationCode = {
  required: 'required',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  invalidUrl: 'invalid_url',
  passwordsMustMatch: 'passwords_must_match',
  passwordTooShort: 'password_too_short',
  passwordTooLong: 'password_too_long',
  passwordNeedsNumber: 'password_needs_number',
  passwordNeedsUppercase: 'password_needs_uppercase',
  endBeforeStart: 'end_before_start',
  fileRequired: 'file_required',
  logoType: 'logo_type',
  fileTooLarge: 'file_too_large',
  tooManyFiles: 'too_many_files',
  fileType: 'file_type',
  tooLong: 'too_long',
  invalidValue: 'invalid_value',
  invalidCode: 'invalid_code_format',
  unknownCountry: 'unknown_country',
  consentRequired: 'consent_required',
  emailOrPhoneRequired: 'email_or_phone_required',
  invalidNumber: 'invalid_number',
  invalidDate: 'invalid_date',
  invalidOption: 'invalid_option',
  fieldKeyFormat: 'field_key_format',
  fieldKeyTaken: 'field_key_taken',
  optionsRequired: 'options_required',
  csvType: 'csv_type',
  unknownColumns: 'unknown_columns',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];

/** Error codes of whole responses (`{message, code, issues}`). */
export const ErrorCode = {
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  unauthorized: 'unauthorized',
  sessionInvalid: 'session_invalid',
  sessionExpired: 'session_expired',
  forbidden: 'forbidden',
  guestForbidden: 'guest_forbidden',
  institutionRequired: 'institution_required',
  notFound: 'not_found',
  conflict: 'conflict',
  emailTaken: 'email_taken',
  numberAlreadyAllowed: 'number_already_allowed',
  alreadyMember: 'already_member',
  alreadyInvited: 'already_invited',
  lastMain: 'last_main',
  invitationOtherEmail: 'invitation_other_email',
  invitationUnusable: 'invitation_unusable',
  phoneNumberIdTaken: 'phone_number_id_taken',
  invalidCredentials: 'invalid_credentials',
  rateLimited: 'rate_limited',
  tooManyStreams: 'too_many_streams',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  invalidVerificationCode: 'invalid_verification_code',
  verificationCodeExpired: 'verification_code_expired',
  resendTooSoon: 'resend_too_soon',
  resetTokenInvalid: 'reset_token_invalid',
  wrongCurrentPassword: 'wrong_current_password',
  providerDisabled: 'provider_disabled',
  providerTokenInvalid: 'provider_token_invalid',
  accountUsesOtherMethod: 'account_uses_other_method',
  providerEmailUnverified: 'provider_email_unverified',
  providerNonceInvalid: 'provider_nonce_invalid',
  linkInactive: 'link_inactive',
  answerFailed: 'answer_failed',
  quotaExceeded: 'quota_exceeded',
  notReady: 'not_ready',
  storageUnavailable: 'storage_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes of success messages the API returns in `{message}` answers (docs/product.md#errors-and-messages). */
export const MessageCode = {
  passwordUpdated: 'password_updated',
  resetMailSent: 'reset_mail_sent',
  passwordReset: 'password_reset',
  loggedOut: 'logged_out',
  deleted: 'deleted',
  phoneAdded: 'phone_added',
  phoneDeleted: 'phone_deleted',
} as const;
export type MessageCode = (typeof MessageCode)[keyof typeof MessageCode];
