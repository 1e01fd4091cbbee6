/** A failed call as form errors: the server's issues under their fields, anything else as one message. */
import { isApiRequestError } from '@conversa/data/errors';
import type { I18n } from '@lingui/core';
import { issueMessage } from '../i18n/codes';

/** Messages per field (keyed by the wire's snake_case path) and one for the whole form. */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * Translates what a call threw; issues of fields the form does not show (not in `fields`, or refused by
 * it) become the form's message.
 */
export function formErrors(
  error: unknown,
  fields: readonly string[] | ((path: string) => boolean),
  i18n: I18n,
): FormErrors {
  const shown = typeof fields === 'function' ? fields : (path: string) => fields.includes(path);
  if (!isApiRequestError(error)) {
    return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  }
  const byField: Record<string, string> = {};
  let unplaced = false;
  for (const issue of error.issues) {
    if (shown(issue.path)) byField[issue.path] ??= issueMessage(issue, i18n);
    else unplaced = true;
  }
  const placed = Object.keys(byField).length > 0 && !unplaced;
  const form = placed ? null : issueMessage({ path: '', code: error.code, message: error.message }, i18n);
  return { fields: byField, form };
}
