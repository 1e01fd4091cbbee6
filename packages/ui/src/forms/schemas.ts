/**
 * The sign-in and password forms' valibot schemas, made of the contract's field schemas so a form
 * checks what the server will (their messages are the contract's validation codes, which `useForm`
 * translates). Kept apart from the other forms' schemas: /login loads only these.
 */
import { ValidationCode as C } from '@conversa/contract/codes';
import { EmailSchema, NewPasswordSchema, PasswordInputSchema } from '@conversa/contract/fields';
import { VerificationCodeSchema } from '@conversa/contract/user';
import * as v from 'valibot';

/** A filled-in field (what the contract calls required text, without its length cap). */
const FilledSchema = v.pipe(v.string(C.required), v.trim(), v.nonEmpty(C.required));

export const EmailFormSchema = v.object({ email: EmailSchema });

export const LoginFormSchema = v.object({ email: EmailSchema, password: PasswordInputSchema });

export const CodeFormSchema = v.object({ code: VerificationCodeSchema });

/** A new password (docs/product.md#validation rules) and its repetition. */
export const PasswordFormSchema = v.pipe(
  v.object({ password: NewPasswordSchema, repeat: FilledSchema }),
  v.forward(
    // The password's own rules are its field's message; the repetition only has to equal it.
    v.partialCheck(
      [['repeat']],
      (input) => input.repeat === (input as { password?: string }).password,
      C.passwordsMustMatch,
    ),
    ['repeat'],
  ),
);

/** The current password, a new one and its repetition. */
export const ChangePasswordFormSchema = v.pipe(
  v.object({ current_password: PasswordInputSchema, new_password: NewPasswordSchema, repeat: FilledSchema }),
  v.forward(
    v.partialCheck(
      [['repeat']],
      (input) => input.repeat === (input as { new_password?: string }).new_password,
      C.passwordsMustMatch,
    ),
    ['repeat'],
  ),
);
