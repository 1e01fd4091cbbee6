/**
 * What the console does with the data layer's reports (docs/product.md#errors-and-messages): a 401 (session already cleared)
 * goes to /login with 'The session is no longer valid'; an institution the user no longer belongs
 * to goes to the console's root (the session already acts in another) with a toast saying so; any
 * other failure is one toast per text.
 */
import type { DataClient } from '@conversa/data/client';
import { membershipCheck } from '@conversa/data/institutions/membership';
import { useDataClient } from '@conversa/data/provider';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { notifyError } from '@conversa/ui/components/toaster';
import { errorNotices } from '@conversa/ui/i18n';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Connects the client's reports to toasts and to navigation. */
export function connectClient(client: DataClient, navigate: (path: string) => void): void {
  client.setHandlers({
    onError: (error) => notifyError(error.message),
    onUnauthorized: () => {
      navigate(consolePaths.login);
      notifyError(errorNotices.sessionInvalid);
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
  useEffect(
    () => connectClient(client, (path) => void navigate(path, { replace: true })),
    [client, navigate],
  );
  return null;
}
