/** The new password (with the SPEC §5 checklist) and its repetition, as every password form asks. */
import { PasswordField } from '../components/password-field/password-field';

/** The part of `useForm` these fields use. */
interface PasswordForm<K extends string> {
  values: Record<K | 'repeat', string>;
  errors: Partial<Record<K | 'repeat', string>>;
  set(name: K | 'repeat', value: string): void;
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
      <PasswordField
        label={label}
        name={name}
        checklist
        required
        value={form.values[name]}
        error={form.errors[name]}
        waiting={waiting}
        onChange={(value) => form.set(name, value)}
      />
      <PasswordField
        label={repeatLabel}
        name="repeat"
        autoComplete="new-password"
        required
        value={form.values.repeat}
        error={form.errors.repeat}
        waiting={waiting}
        onChange={(value) => form.set('repeat', value)}
      />
    </>
  );
}
