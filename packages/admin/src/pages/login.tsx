/** /login: the sign-in flow (its own chunk: the first page most visitors load). */
import { PublicLayout } from '@conversa/ui/components/public-layout';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { SignInFlow } from '@conversa/ui/features/auth/sign-in-flow';
import { useNavigate } from 'react-router';
import { getMicrosoftIdToken } from '../microsoft-sign-in';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <SignInFlow
        onSignedIn={() => navigate(consolePaths.root, { replace: true })}
        onForgotPassword={() => navigate(consolePaths.resetPassword)}
        forgotPasswordHref={consolePaths.resetPassword}
        getMicrosoftIdToken={getMicrosoftIdToken}
      />
    </PublicLayout>
  );
}
