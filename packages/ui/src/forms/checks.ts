/** Client-side checks of the SPEC §5 rules; each answers the contract's validation code, or null. */
import { ValidationCode } from '@conversa/contract/codes';
import { passwordIssues } from '../components/password-field/password-rules';

// The pattern valibot's `email()` (the contract's EmailSchema) uses, so both sides agree.
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu;

/** A code for a value that fails, or null when it passes. */
export type Check = (value: string) => ValidationCode | null;

/** Blank (after trimming) is 'This field is required.'. */
export const required: Check = (value) => (value.trim() === '' ? ValidationCode.required : null);

/** Required and a valid e-mail address. */
export const email: Check = (value) =>
  required(value) ?? (EMAIL.test(value.trim()) ? null : ValidationCode.invalidEmail);

/** The first SPEC §5 password rule a new password breaks. */
export const newPassword: Check = (value) => passwordIssues(value)[0] ?? null;

/** The repeated password: required, and equal to the first one. */
export const sameAs =
  (password: string): Check =>
  (value) =>
    required(value) ?? (value === password ? null : ValidationCode.passwordsMustMatch);
