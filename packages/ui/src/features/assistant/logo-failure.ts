/** The text of a failed logo upload: the server's issue on `logo` (type, size), else the failure. */
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react';
import { useFailureText } from '../../forms/use-failure-text';
import { issueMessage } from '../../i18n/codes';

/** A function from a failed upload to one message in the active language. */
export function useLogoFailure(): (error: unknown) => string {
  const { i18n } = useLingui();
  const failureText = useFailureText();
  return (error) => {
    const issue = isApiRequestError(error) ? error.issues.find((found) => found.path === 'logo') : undefined;
    return issue ? issueMessage(issue, i18n) : failureText(error);
  };
}
