/** Profile page "Log out" (docs/product.md#screens-and-routes /profile/logout): confirm, then the session ends. */
import { useLogout } from '@conversa/data/users/logout';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { clearNotifications } from '../../components/toaster/toaster';
import { Actions, Card, Intro, Page, PageTitle } from '../../forms/form-layout';

export interface LogoutPageProps {
  /** The session is cleared: the app goes to login. */
  onLoggedOut(): void;
  /** Shows a 'Stay signed in' button. */
  onCancel?: () => void;
}

/** `POST user/logout` revokes the token; the local session and cache are cleared even offline. */
export function LogoutPage({ onLoggedOut, onCancel }: LogoutPageProps) {
  const { t } = useLingui();
  const logout = useLogout();

  const confirm = async () => {
    await logout.trigger();
    clearNotifications();
    onLoggedOut();
  };

  return (
    <Page aria-labelledby="logout-title">
      <PageTitle id="logout-title">{t`Log out`}</PageTitle>
      <Card>
        <Intro>{t`Do you want to log out? You will need your email and password to come back.`}</Intro>
        <Actions>
          <Button variant="danger" waiting={logout.isMutating} onClick={() => void confirm()}>
            {t`Log out`}
          </Button>
          {onCancel ? (
            <Button variant="secondary" disabled={logout.isMutating} onClick={onCancel}>
              {t`Stay signed in`}
            </Button>
          ) : null}
        </Actions>
      </Card>
    </Page>
  );
}
