/**
 * Who may see what (docs/product.md#screens-and-routes): protected routes need a staff session (a guest token present renders
 * nothing and is cleared), /change-institution needs the admin role, and /reset-password is for
 * signed-out visitors only.
 */
import { useValidateToken } from '@conversa/data/auth/validate-token';
import { useDataClient, useSession } from '@conversa/data/provider';
import type { SessionState } from '@conversa/data/session';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

/** A staff session: signed in with a staff token. */
export const isSignedIn = (session: SessionState) => session.isAuthed && session.jwt !== null;

/** Protected routes: signed out → /login; a guest token (the public chat's) → nothing, and it goes. */
export function RequireSignedIn() {
  const client = useDataClient();
  const session = useSession();
  const location = useLocation();
  const hasGuestToken = session.guestJwt !== null;

  // Before paint: the console must never show, or call the API, under a chat visitor's token.
  useLayoutEffect(() => {
    if (hasGuestToken) client.session.update({ guestJwt: null });
  }, [client, hasGuestToken]);

  if (hasGuestToken) return null;
  if (!isSignedIn(session)) {
    // The whole address (a mail's link may carry a query or an anchor): sign-in returns to it.
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={consolePaths.login} replace state={{ from }} />;
  }
  return (
    <>
      <SessionCheck />
      <Outlet />
    </>
  );
}

/** Once per token and cache lifetime: a revoked session is a 401 (→ /login), else fresh roles. */
function SessionCheck() {
  // Mounted only without a guest token, so the check is made with the staff token.
  useValidateToken();
  return null;
}

/** Admin-only routes: anyone else goes to the root. */
export function RequireAdmin() {
  const session = useSession();
  if (!session.roles.includes('admin')) return <Navigate to={consolePaths.root} replace />;
  return <Outlet />;
}

/** Pages for signed-out visitors (reset password): a signed-in user goes to the root. */
export function RequireSignedOut() {
  const session = useSession();
  if (isSignedIn(session)) return <Navigate to={consolePaths.root} replace />;
  return <Outlet />;
}
