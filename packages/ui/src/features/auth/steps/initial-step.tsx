/** The first step: continue with e-mail, or with Google / Microsoft when the server has them configured. */
import type { Session } from '@conversa/contract/auth';
import { useProviders } from '@conversa/data/auth/get-providers';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button/button';
import { Waiting } from '../../../components/waiting/waiting';
import { FormAlert, Intro, LinkButton } from '../../../forms/form-layout';
import type { LoadGoogleIdentity } from '../google-identity';
import { type GetMicrosoftIdToken, ProviderButtons } from './provider-buttons';
import { useFailureText } from '../../../forms/use-failure-text';
import type { OnBusy } from './busy';

const Or = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export interface InitialStepProps {
  onEmail: () => void;
  onLogin: () => void;
  /** The pointer or focus is on an e-mail button: a chance to fetch the next steps ahead. */
  onHeadingForEmail?: () => void;
  onSignedIn: (session: Session) => void;
  onBusy: OnBusy;
  busy: boolean;
  getMicrosoftIdToken?: GetMicrosoftIdToken;
  loadGoogle?: LoadGoogleIdentity;
}

/** Provider buttons wait for `GET auth/providers`; if it fails, e-mail still works. */
export function InitialStep({
  onEmail,
  onLogin,
  onHeadingForEmail,
  onSignedIn,
  onBusy,
  busy,
  getMicrosoftIdToken,
  loadGoogle,
}: InitialStepProps) {
  const { t } = useLingui();
  const errorText = useFailureText();
  const providers = useProviders();
  const [error, setError] = useState<string | null>(null);
  const configured = Boolean(providers.data?.google_client_id || providers.data?.microsoft_client_id);
  return (
    <>
      <Intro>{t`Sign in or create an account to set up your AI assistant.`}</Intro>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {providers.isLoading ? <Waiting block label={t`Loading sign-in options…`} /> : null}
      {providers.error ? <Intro>{t`Google and Microsoft sign-in are not available right now.`}</Intro> : null}
      {providers.data ? (
        <ProviderButtons
          googleClientId={providers.data.google_client_id}
          microsoftClientId={providers.data.microsoft_client_id}
          onSignedIn={onSignedIn}
          onError={(failure) => setError(errorText(failure))}
          onBusy={onBusy}
          getMicrosoftIdToken={getMicrosoftIdToken}
          loadGoogle={loadGoogle}
          disabled={busy}
        />
      ) : null}
      {configured ? <Or>{t`or`}</Or> : null}
      <Button
        fullWidth
        disabled={busy}
        onClick={onEmail}
        onPointerEnter={onHeadingForEmail}
        onFocus={onHeadingForEmail}
      >
        {t`Continue with email`}
      </Button>
      <Intro>
        {t`Already have an account?`}{' '}
        <LinkButton
          disabled={busy}
          onClick={onLogin}
          onPointerEnter={onHeadingForEmail}
          onFocus={onHeadingForEmail}
        >
          {t`Log in with your email`}
        </LinkButton>
      </Intro>
    </>
  );
}
