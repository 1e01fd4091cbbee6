/** /login: the sign-in flow (its own chunk: the first page most visitors load). */
import { PublicLayout } from '@conversa/ui/components/public-layout';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { SignInFlow } from '@conversa/ui/features/auth/sign-in-flow';
import { useLocation, useNavigate } from 'react-router';
import { getMicrosoftIdToken } from '../microsoft-sign-in';

/**
 * The page a visitor was sent here from (`state.from`, set by the guards and by a session that
 * ended): a path of this console only, never another origin (`//host`) nor /login itself.
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return consolePaths.root;
  }
  return from === consolePaths.login || from.startsWith(`${consolePaths.login}?`) ? consolePaths.root : from;
}

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <PublicLayout>
      <SignInFlow
        onSignedIn={() => navigate(returnPath(location.state), { replace: true })}
        onForgotPassword={() => navigate(consolePaths.resetPassword)}
        forgotPasswordHref={consolePaths.resetPassword}
        getMicrosoftIdToken={getMicrosoftIdToken}
      />
    </PublicLayout>
  );
}
