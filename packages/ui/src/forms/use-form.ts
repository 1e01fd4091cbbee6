/** The state of a small form: values, per-field errors, a form-level error and the checks to run. */
import type { ValidationCode } from '@conversa/contract/codes';
import { useLingui } from '@lingui/react';
import { useCallback, useState } from 'react';
import { validationMessage } from '../i18n/codes';
import { formErrors } from './field-errors';

/** Checks per field; each gets the field's value and all values. */
export type Checks<V> = Partial<Record<keyof V, (value: string, values: V) => ValidationCode | null>>;

/** Values are strings keyed by the wire's field names, so server issues land under their fields. */
export function useForm<V extends Record<string, string>>(initial: V) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The user is fixing it: the old message no longer describes the value.
    setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  }, []);

  /** Runs the checks; shows their messages and answers whether every field passed. */
  const validate = (checks: Checks<V>): boolean => {
    const found: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(checks) as (keyof V)[]) {
      const code = checks[name]?.(values[name] ?? '', values);
      if (code) found[name] = validationMessage(code, {}, i18n);
    }
    setErrors(found);
    setFormError(null);
    return Object.keys(found).length === 0;
  };

  /** Shows what a failed call said. */
  const fail = (error: unknown) => {
    const next = formErrors(error, Object.keys(values), i18n);
    setErrors(next.fields as Partial<Record<keyof V, string>>);
    setFormError(next.form);
  };

  /** Shows a message under one field (e.g. a code the server refused). */
  const setError = (name: keyof V, message: string | undefined) =>
    setErrors((current) => ({ ...current, [name]: message }));

  const clear = () => {
    setErrors({});
    setFormError(null);
  };

  return { values, setValues, set, errors, setError, formError, validate, fail, clear };
}
