/** /reset-password: without `?token` the request form, with it the new-password form. */
import { PublicLayout } from '@conversa/ui/components/public-layout';
import { consolePaths } from '@conversa/ui/components/sidebar';
import { NewPasswordForm, RequestResetForm } from '@conversa/ui/features/auth/reset-password';
import { useNavigate, useSearchParams } from 'react-router';

/** Route component. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const toLogin = () => navigate(consolePaths.login);
  return (
    <PublicLayout>
      {token ? (
        <NewPasswordForm key={token} token={token} onDone={toLogin} />
      ) : (
        <RequestResetForm onBackToLogin={toLogin} />
      )}
    </PublicLayout>
  );
}
