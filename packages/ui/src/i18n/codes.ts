/**
 * The contract's stable codes (packages/contract/src/codes.ts) as lingui messages, with the exact
 * docs/product.md#validation English texts, so client checks and server issues read in the user's language.
 */
import type { Issue } from '@conversa/contract/common';
import type { ErrorCode, MessageCode, ValidationCode } from '@conversa/contract/codes';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n as globalI18n } from './locale';

/** Values for `{name}` placeholders, e.g. `{ 0: 'report.pdf', limit: 10 }`. */
export type MessageParams = Record<string, string | number>;

const validation = {
  required: msg`This field is required.`,
  invalid_email: msg`Invalid email address.`,
  invalid_phone: msg`Invalid phone number.`,
  invalid_url: msg({ message: 'Must be a valid URL ({host}).' }),
  passwords_must_match: msg`Passwords must match.`,
  password_too_short: msg`The password must be at least 8 characters long.`,
  password_too_long: msg`The password must be at most 128 characters long.`,
  password_needs_number: msg`The password must contain at least one number.`,
  password_needs_uppercase: msg`The password must contain at least one uppercase letter.`,
  end_before_start: msg`End date cannot be earlier than start date`,
  file_required: msg`File is required.`,
  logo_type: msg`Only JPEG and PNG files are allowed.`,
  file_too_large: msg({ message: 'The file {0} exceeds the {limit} MB limit.' }),
  too_many_files: msg({ message: 'Only a maximum of {limit} files can be uploaded.' }),
  file_type: msg`Only TXT, DOCX and PDF files are allowed.`,
  too_long: msg`This value is too long.`,
  invalid_value: msg`This value is not valid.`,
  invalid_code_format: msg`The code has 6 digits.`,
  unknown_country: msg`Choose a country from the list.`,
  consent_required: msg`Please accept the privacy notice to be contacted.`,
  email_or_phone_required: msg`Give an email address or a phone number.`,
  invalid_number: msg`Write a number, for example 12 or 3.5.`,
  invalid_date: msg`Write a date as DD/MM/YYYY.`,
  invalid_option: msg`Choose one of the options.`,
  field_key_format: msg`Use lower-case letters, digits and _, starting with a letter.`,
  field_key_taken: msg`Another field already uses this key.`,
  options_required: msg`Add at least one option.`,
  csv_type: msg`Only CSV files are allowed.`,
  unknown_columns: msg({ message: 'Unknown columns: {0}.' }),
  blank_columns: msg`Every column of the first line needs a name.`,
  surplus_columns: msg`The first line names a column twice or has more columns than a lead has.`,
  too_many_rows: msg({ message: 'A file can have at most {0} rows. Split it into smaller files.' }),
  row_too_long: msg`A row of the file is too long. Shorten its texts.`,
  import_too_slow: msg`The file took too long to read. Split it into smaller files.`,
  retention_range: msg`Enter a number of days from 30 to 3650, or leave it empty to keep everything.`,
  name_mismatch: msg`Type the name exactly as it is shown.`,
} satisfies Record<ValidationCode, MessageDescriptor>;

const errors = {
  validation_failed: msg`Some fields are not valid. Check them and try again.`,
  invalid_json: msg`The request body is not valid JSON.`,
  unauthorized: msg`Please sign in to continue.`,
  session_invalid: msg`The session is no longer valid`,
  session_expired: msg`Your session has expired. Please sign in again.`,
  forbidden: msg`You do not have permission to do this.`,
  guest_forbidden: msg`A chat visitor cannot use the console.`,
  institution_required: msg`Choose an institution first.`,
  not_found: msg`Not found`,
  conflict: msg`This changed in the meantime. Reload and try again.`,
  email_taken: msg`An account with this email already exists. Sign in instead.`,
  number_already_allowed: msg`This phone number is already on the list.`,
  not_ready: msg`The service is starting or cannot reach its database or file store.`,
  storage_unavailable: msg`The file store cannot be reached. Try again in a few minutes.`,
  already_member: msg`This person is already a member of the team.`,
  already_invited: msg`This address already has a pending invitation. Send it again from the list.`,
  last_main: msg`The team needs at least one main administrator.`,
  institutions_to_delete: msg({
    message: 'Deleting your account also deletes {names}, where you are the only member. Confirm to go on.',
  }),
  account_has_no_password: msg`Your account signs in with Google or Microsoft. Set a password first (Forgot password) to confirm the deletion.`,
  invitation_other_email: msg`This invitation is for another email address. Sign in with the invited address.`,
  invitation_unusable: msg`This invitation can no longer be used.`,
  email_unverified: msg`Confirm your email address first: we sent a code to it.`,
  handoff_nothing_to_confirm: msg`The handoff details have no email address waiting for confirmation.`,
  phone_number_id_taken: msg`Another assistant already uses this WhatsApp number.`,
  whatsapp_number_unverified: msg`Meta does not confirm that this phone number ID belongs to the access token. Check both in your app in Meta's developer console.`,
  whatsapp_unreachable: msg`WhatsApp (Meta) cannot be reached to check the number. Nothing was saved; try again in a few minutes.`,
  invalid_credentials: msg`The email or password is incorrect.`,
  rate_limited: msg({ message: 'Too many attempts. Try again in {minutes} min.' }),
  payload_too_large: msg`The request is too large.`,
  unsupported_media_type: msg`This type of content is not supported.`,
  invalid_verification_code: msg`The code is not correct. Check the email we sent you.`,
  verification_code_expired: msg`The code has expired. Ask for a new one.`,
  resend_too_soon: msg({ message: 'Wait {seconds} s before asking for another code.' }),
  reset_token_invalid: msg`This reset link is invalid or has expired. Ask for a new one.`,
  wrong_current_password: msg`The current password is incorrect.`,
  provider_disabled: msg`This sign-in method is not enabled.`,
  provider_token_invalid: msg`The sign-in could not be verified. Try again.`,
  account_uses_other_method: msg`An account with this email already exists. Sign in with your password.`,
  provider_nonce_invalid: msg`This sign-in has expired or was already used. Try again.`,
  provider_email_unverified: msg`Microsoft did not confirm that this email address is yours, so no account can be made with it. Sign up with your email instead, or ask your organisation to verify its domain.`,
  too_many_streams: msg`Too many live connections are open for your account. Close some tabs and try again.`,
  link_inactive: msg`Nothing here yet. The chat link is inactive - please contact your institution`,
  conversation_taken: msg({ message: '{name} is already answering this conversation.' }),
  conversation_not_held: msg`Take the conversation over before answering in it.`,
  faq_limit: msg({
    message:
      'The assistant already has {limit} FAQs, the most it can have. Remove one before adding a correction.',
  }),
  no_question: msg`This answer replied to no question, so there is nothing to correct.`,
  answer_failed: msg`The assistant could not answer right now. Try again in a moment.`,
  model_limited: msg({
    message: 'The assistant has used its AI answers for now. Try again in {minutes} min.',
  }),
  model_unavailable: msg({ message: 'The AI model is not answering right now. Try again in {minutes} min.' }),
  origin_not_allowed: msg`This website may not show this chat.`,
  url_not_allowed: msg`This address cannot be crawled: use a public http or https address without a user name or password.`,
  crawl_running: msg`This website is being crawled already. Wait for the crawl to finish.`,
  quota_exceeded: msg({ message: 'You have reached the limit of {limit}.' }),
  internal_error: msg`Something went wrong on our side. Try again in a moment.`,
} satisfies Record<ErrorCode, MessageDescriptor>;

const success = {
  password_updated: msg`Password was successfully updated.`,
  reset_mail_sent: msg`If an account exists for this email, we sent a link to reset the password.`,
  password_reset: msg`Your password was reset. Sign in with the new one.`,
  logged_out: msg`You are signed out.`,
  deleted: msg`Delete successfully.`,
  phone_added: msg`Phone number successfully added.`,
  phone_deleted: msg`Phone number successfully deleted.`,
  email_verified: msg`Your email address is confirmed.`,
  handoff_confirmation_sent: msg`We sent the confirmation link to the handoff email address.`,
} satisfies Record<MessageCode, MessageDescriptor>;

/** Codes whose text needs parameters the server's issues do not carry. */
const PARAMETERISED = new Set<string>([
  'invalid_url',
  'file_too_large',
  'file_type',
  'too_many_files',
  // The server's text names the columns.
  'unknown_columns',
  // The server's text names the institutions that would go with the account.
  'institutions_to_delete',
  // The server's text names the most rows a file can have.
  'too_many_rows',
  'rate_limited',
  'model_limited',
  'model_unavailable',
  'resend_too_soon',
  // The server's text names the quota (institutions or assistants) and its limit.
  'quota_exceeded',
]);

function lookup<K extends string>(
  table: Record<K, MessageDescriptor>,
  code: string,
): MessageDescriptor | null {
  return Object.hasOwn(table, code) ? table[code as K] : null;
}

/** The text of a validation code; unknown codes read as 'This value is not valid.'. */
export function validationMessage(
  code: string,
  params: MessageParams = {},
  lingui: I18n = globalI18n,
): string {
  return lingui._({ ...(lookup(validation, code) ?? validation.invalid_value), values: params });
}

/** The text of an error code; unknown codes read as the generic internal error. */
export function errorMessage(code: string, params: MessageParams = {}, lingui: I18n = globalI18n): string {
  return lingui._({ ...(lookup(errors, code) ?? errors.internal_error), values: params });
}

/** The text of a success code of a `{message, code}` answer, or `fallback` (the server's text). */
export function successMessage(code: string, fallback: string, lingui: I18n = globalI18n): string {
  const descriptor = lookup(success, code);
  return descriptor ? lingui._(descriptor) : fallback;
}

/** A server issue in the active language; the server's own text when a parameter would be missing. */
export function issueMessage(issue: Issue, lingui: I18n = globalI18n): string {
  const known = lookup(validation, issue.code) ?? lookup(errors, issue.code);
  if (!known || PARAMETERISED.has(issue.code)) return issue.message;
  return lingui._(known);
}
