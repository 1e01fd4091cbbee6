/** /profile/logout: once the session is over, the login page. */
import { consolePaths } from '@conversa/ui/components/sidebar';
import { LogoutPage } from '@conversa/ui/features/profile/logout';
import { useNavigate } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  return (
    <LogoutPage
      onLoggedOut={() => navigate(consolePaths.login, { replace: true })}
      onCancel={() => navigate(consolePaths.root)}
    />
  );
}
