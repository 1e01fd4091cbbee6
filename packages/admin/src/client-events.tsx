/**
 * What the console does with the data layer's reports (docs/product.md#errors-and-messages): a 401 (session already cleared)
 * goes to /login with 'The session is no longer valid' (or, for a session that idled out or reached
 * its end, 'Your session has expired'), remembering the page so that signing in returns there; an institution the user no longer belongs
 * to goes to the console's root (the session already acts in another) with a toast saying so; any
 * other failure is one toast per text.
 */
import type { DataClient } from '@conversa/data/client';
import { membershipCheck } from '@conversa/data/institutions/membership';
import { useDataClient } from '@conversa/data/provider';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { notifyError } from '@conversa/ui/components/toaster';
import { errorNotices } from '@conversa/ui/i18n';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Connects the client's reports to toasts and to navigation (`from`: the page to come back to). */
export function connectClient(
  client: DataClient,
  navigate: (path: string, from?: string) => void,
  currentPath: () => string = () => consolePaths.root,
): void {
  client.setHandlers({
    onError: (error) => notifyError(error.message),
    onUnauthorized: (error) => {
      navigate(consolePaths.login, currentPath());
      notifyError(
        error.code === 'session_expired' ? errorNotices.sessionExpired : errorNotices.sessionInvalid,
      );
    },
    // Removed from the team meanwhile: the session acts in another institution (or none); the
    // console starts over at its root there.
    onInstitutionNotFound: membershipCheck(client, () => {
      navigate(consolePaths.root);
      notifyError(errorNotices.institutionLost);
    }),
  });
}

/** Renders nothing; keeps the client's handlers pointed at this router. */
export function ClientEvents() {
  const client = useDataClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a 401 comes, not when the handlers are set: the page may have changed since.
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      connectClient(
        client,
        (path, from) => void navigate(path, { replace: true, ...(from ? { state: { from } } : {}) }),
        () => here.current,
      ),
    [client, navigate],
  );
  return null;
}
