/** The new password (with the docs/product.md#validation checklist) and its repetition, as every password form asks. */
import { PasswordField } from '../components/password-field/password-field';
import type { BoundField } from './use-form';

/** The part of `useForm` these fields use. */
interface PasswordForm<K extends string> {
  bind(name: K | 'repeat'): BoundField;
}

export interface NewPasswordFieldsProps<K extends string> {
  form: PasswordForm<K>;
  /** The form's key (and input name) of the new password; the repetition is always `repeat`. */
  name: K;
  label: string;
  repeatLabel: string;
  waiting: boolean;
}

/** Two password inputs: the new one with its live checklist, then the repetition. */
export function NewPasswordFields<K extends string>({
  form,
  name,
  label,
  repeatLabel,
  waiting,
}: NewPasswordFieldsProps<K>) {
  return (
    <>
      <PasswordField label={label} name={name} checklist required {...form.bind(name)} waiting={waiting} />
      <PasswordField
        label={repeatLabel}
        autoComplete="new-password"
        required
        {...form.bind('repeat')}
        waiting={waiting}
      />
    </>
  );
}
