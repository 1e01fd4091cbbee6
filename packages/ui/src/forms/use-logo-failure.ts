/** A failed logo upload as one message in the active language: the server's issue on `logo` (type, size), else the failure. */
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react';
import { issueMessage } from '../i18n/codes';
import { useFailureText } from './use-failure-text';

export function useLogoFailure(): (error: unknown) => string {
  const { i18n } = useLingui();
  const failureText = useFailureText();
  return (error) => {
    const issue = isApiRequestError(error) ? error.issues.find((found) => found.path === 'logo') : undefined;
    return issue ? issueMessage(issue, i18n) : failureText(error);
  };
}
