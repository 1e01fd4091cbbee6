/** The translated text of a failed call, for messages that belong to no field. */
import { useLingui } from '@lingui/react';
import { formErrors } from './field-errors';

/** A function turning a failure into one message in the active language. */
export function useFailureText(): (error: unknown) => string {
  const { i18n } = useLingui();
  return (error) => {
    const { fields, form } = formErrors(error, [], i18n);
    return form ?? Object.values(fields)[0] ?? '';
  };
}
