/**
 * /join?token=… (public): an invitation link. Signed out, the sign-in flow shows on this page under
 * the invitation (its address filled in), so the token never leaves the address bar: no copy in
 * storage to clear, and a reload or a new tab of the link works the same. Once joined, the console
 * starts at its root in the institution joined.
 */
import { PublicLayout } from '@conversa/ui/components/public-layout';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { SignInFlow } from '@conversa/ui/features/auth/sign-in-flow';
import { JoinPage } from '@conversa/ui/features/team/join-page';
import { useNavigate, useSearchParams } from 'react-router';
import { getMicrosoftIdToken } from '../microsoft-sign-in';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <PublicLayout>
      <JoinPage
        token={params.get('token')}
        onJoined={() => void navigate(consolePaths.root, { replace: true })}
        signIn={(invitation, onSignedIn) => (
          <SignInFlow
            invitation={invitation}
            onSignedIn={onSignedIn}
            onForgotPassword={() => void navigate(consolePaths.resetPassword)}
            forgotPasswordHref={consolePaths.resetPassword}
            getMicrosoftIdToken={getMicrosoftIdToken}
          />
        )}
      />
    </PublicLayout>
  );
}
