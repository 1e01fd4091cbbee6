/** Google and Microsoft sign-in buttons, each shown only when the server has the provider configured. */
import type { Session } from '@conversa/contract/auth';
import { useLoginWithGoogle } from '@conversa/data/auth/login-with-google';
import { useLoginWithMicrosoft } from '@conversa/data/auth/login-with-microsoft';
import { requestSignInNonce } from '@conversa/data/auth/request-nonce';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button/button';
import {
  type GoogleCredentialResponse,
  type LoadGoogleIdentity,
  loadGoogleIdentity,
} from '../google-identity';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const GoogleSlot = styled.div`
  display: flex;
  justify-content: center;
  min-height: ${({ theme }) => theme.controlHeight.medium};
  &:empty {
    display: none;
  }
`;

/**
 * Gets a Microsoft ID token for the app's client id carrying the given nonce, e.g. with MSAL's
 * `loginPopup({ nonce })` (MSAL is not bundled: the console stays small and works offline). The
 * token is posted to `auth/microsoft`.
 */
export type GetMicrosoftIdToken = (clientId: string, nonce: string) => Promise<string>;

export interface ProviderButtonsProps {
  googleClientId: string | null;
  microsoftClientId: string | null;
  onSignedIn: (session: Session) => void;
  /** A sign-in failed (already translated). */
  onError: (error: unknown) => void;
  onBusy: (busy: boolean) => void;
  getMicrosoftIdToken?: GetMicrosoftIdToken;
  loadGoogle?: LoadGoogleIdentity;
  disabled?: boolean;
}

/** Renders nothing when neither provider is configured. */
export function ProviderButtons({
  googleClientId,
  microsoftClientId,
  onSignedIn,
  onError,
  onBusy,
  getMicrosoftIdToken,
  loadGoogle = loadGoogleIdentity,
  disabled = false,
}: ProviderButtonsProps) {
  const { t, i18n } = useLingui();
  const client = useDataClient();
  const google = useLoginWithGoogle();
  const microsoft = useLoginWithMicrosoft();
  const slot = useRef<HTMLDivElement>(null);
  const [googleReady, setGoogleReady] = useState(false);
  const handlers = useRef({ onSignedIn, onError, onBusy, trigger: google.trigger });
  handlers.current = { onSignedIn, onError, onBusy, trigger: google.trigger };
  const armGoogle = useRef<() => Promise<void>>(async () => {});

  // The script is fetched only when the Google button is on screen; its own button replaces ours.
  useEffect(() => {
    if (!googleClientId) return;
    let live = true;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const callback = async (response: GoogleCredentialResponse) => {
      const { trigger, onBusy: busy, onSignedIn: done, onError: fail } = handlers.current;
      busy(true);
      try {
        const session = await trigger({
          credential: response.credential,
          client_id: response.client_id ?? response.clientId ?? googleClientId,
          select_by: response.select_by,
        });
        busy(false);
        done(session);
      } catch (error) {
        busy(false);
        fail(error);
        // The nonce is spent either way: another try needs a new one.
        arm().catch(() => {});
      }
    };
    // Google is (re)initialised with a fresh server nonce, which its ID token will carry.
    const arm = async () => {
      const [api, { nonce, expires_in_seconds: lifetime }] = await Promise.all([
        loadGoogle(),
        requestSignInNonce(client, { report: false }),
      ]);
      if (!live || !slot.current) return;
      api.initialize({
        client_id: googleClientId,
        callback: (r) => void callback(r),
        ux_mode: 'popup',
        nonce,
      });
      slot.current.replaceChildren();
      api.renderButton(slot.current, {
        type: 'standard',
        text: 'continue_with',
        locale: i18n.locale,
        width: 320,
      });
      setGoogleReady(true);
      // A page left open gets a new nonce before this one expires.
      clearTimeout(refresh);
      refresh = setTimeout(() => void arm().catch(() => {}), Math.max(lifetime - 60, 30) * 1000);
    };
    armGoogle.current = arm;
    arm().catch(() => {
      // Blocked or offline: our own button stays and retries on click.
    });
    return () => {
      live = false;
      clearTimeout(refresh);
    };
  }, [googleClientId, loadGoogle, i18n.locale, client]);

  const retryGoogle = async () => {
    try {
      await armGoogle.current();
      (await loadGoogle()).prompt();
    } catch {
      onError(new Error(t`Google sign-in could not be loaded. Check your connection and try again.`));
    }
  };

  const signInWithMicrosoft = async () => {
    if (!microsoftClientId) return;
    if (!getMicrosoftIdToken) {
      onError(new Error(t`Microsoft sign-in is not available in this app.`));
      return;
    }
    onBusy(true);
    try {
      const { nonce } = await requestSignInNonce(client, { report: false });
      const idToken = await getMicrosoftIdToken(microsoftClientId, nonce);
      const session = await microsoft.trigger({ id_token: idToken });
      onBusy(false);
      onSignedIn(session);
    } catch (error) {
      onBusy(false);
      onError(error);
    }
  };

  if (!googleClientId && !microsoftClientId) return null;
  return (
    <Stack>
      {googleClientId ? (
        <>
          <GoogleSlot ref={slot} />
          {googleReady ? null : (
            <Button variant="secondary" fullWidth disabled={disabled} onClick={() => void retryGoogle()}>
              {t`Continue with Google`}
            </Button>
          )}
        </>
      ) : null}
      {microsoftClientId ? (
        <Button
          variant="secondary"
          fullWidth
          disabled={disabled}
          waiting={microsoft.isMutating}
          onClick={() => void signInWithMicrosoft()}
        >
          {t`Continue with Microsoft`}
        </Button>
      ) : null}
    </Stack>
  );
}
