/** Account calls: sign-up by e-mail code, passwords, and the user's institutions. */
import * as v from 'valibot';
import { VERIFICATION_CODE_LENGTH } from './constants';
import { ValidationCode as C } from './codes';
import { EmailSchema, LocaleSchema, NewPasswordSchema, PasswordInputSchema } from './fields';
import { MEMBER_ROLES } from './roles';
import { InstitutionKindSchema } from './institution';

export const CheckEmailBodySchema = v.object({ email: EmailSchema });
export type CheckEmailBody = v.InferInput<typeof CheckEmailBodySchema>;
export const CheckEmailResultSchema = v.object({ exists: v.boolean() });
export type CheckEmailResult = v.InferOutput<typeof CheckEmailResultSchema>;

/** `locale` is the language of the mail and the new account; absent, the request's language. */
export const RegisterByEmailBodySchema = v.object({
  email: EmailSchema,
  locale: v.optional(LocaleSchema),
});
export type RegisterByEmailBody = v.InferInput<typeof RegisterByEmailBodySchema>;
export const RegisterByEmailResultSchema = v.object({ resend_after_seconds: v.number() });
export type RegisterByEmailResult = v.InferOutput<typeof RegisterByEmailResultSchema>;

export const VerificationCodeSchema = v.pipe(
  v.string(C.required),
  v.trim(),
  v.nonEmpty(C.required),
  v.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), C.invalidCode),
);

export const CreatePasswordBodySchema = v.object({
  email: EmailSchema,
  code: VerificationCodeSchema,
  password: NewPasswordSchema,
});
export type CreatePasswordBody = v.InferInput<typeof CreatePasswordBodySchema>;

/** The code mailed to a signed-in account's address (`POST user/verify-email`). */
export const VerifyEmailBodySchema = v.object({ code: VerificationCodeSchema });
export type VerifyEmailBody = v.InferInput<typeof VerifyEmailBodySchema>;

export const ChangePasswordBodySchema = v.object({
  current_password: PasswordInputSchema,
  new_password: NewPasswordSchema,
});
export type ChangePasswordBody = v.InferInput<typeof ChangePasswordBodySchema>;

export const RequestResetBodySchema = v.object({ email: EmailSchema });
export type RequestResetBody = v.InferInput<typeof RequestResetBodySchema>;

export const ResetPasswordBodySchema = v.object({
  verification_token: v.pipe(v.string(C.required), v.nonEmpty(C.required), v.maxLength(256, C.tooLong)),
  password: NewPasswordSchema,
});
export type ResetPasswordBody = v.InferInput<typeof ResetPasswordBodySchema>;

/** One of the institutions a user belongs to (sign-in's select-institution step). */
export const UserInstitutionSchema = v.object({
  id: v.number(),
  name: v.string(),
  kind: InstitutionKindSchema,
  logo: v.nullable(v.string()),
  role: v.picklist(MEMBER_ROLES),
});
export type UserInstitution = v.InferOutput<typeof UserInstitutionSchema>;
