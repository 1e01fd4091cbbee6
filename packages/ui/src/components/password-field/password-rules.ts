/** The docs/product.md#validation password rules, checked the same way as the contract's `NewPasswordSchema`. */
import { ValidationCode } from '@conversa/contract/codes';
import { PASSWORD_MIN_LENGTH } from '@conversa/contract/constants';

export type PasswordRule = 'length' | 'number' | 'uppercase';

const checks: Record<PasswordRule, (value: string) => boolean> = {
  length: (value) => value.length >= PASSWORD_MIN_LENGTH,
  number: (value) => /\d/.test(value),
  uppercase: (value) => /\p{Lu}/u.test(value),
};

const codes: Record<PasswordRule, ValidationCode> = {
  length: ValidationCode.passwordTooShort,
  number: ValidationCode.passwordNeedsNumber,
  uppercase: ValidationCode.passwordNeedsUppercase,
};

/** Each rule and whether the value meets it, in display order. */
export function passwordRules(value: string): { rule: PasswordRule; met: boolean }[] {
  return (Object.keys(checks) as PasswordRule[]).map((rule) => ({ rule, met: checks[rule](value) }));
}

/** The validation codes of the rules a new password breaks (empty when it is acceptable). */
export function passwordIssues(value: string): ValidationCode[] {
  if (value === '') return [ValidationCode.required];
  return passwordRules(value)
    .filter((entry) => !entry.met)
    .map((entry) => codes[entry.rule]);
}
