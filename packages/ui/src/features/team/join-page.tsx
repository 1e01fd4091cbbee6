/**
 * Join (`/join?token=…`, public): what an invitation link offers (`GET invitation/{token}`: the
 * institution, the role, the address) and whether it still works. A used, revoked, expired or
 * unknown link gets a page saying so. Signed out, the sign-in flow the app passes shows under the
 * invitation, with the invited address filled in: log in with an account, or sign up by the code
 * flow without one; once signed in, the invitation is accepted. Signed in as the invited address, a
 * button joins; as another address, a button signs out first. An account whose address was never
 * proved is mailed a code by its first try (403 `email_unverified`): the page asks for it (`POST
 * user/verify-email`), then joins. After joining the session acts in the institution joined and the
 * app goes to its root. The token stays in the page's address all along.
 */
import { VERIFICATION_CODE_LENGTH, VERIFICATION_RESEND_SECONDS } from '@conversa/contract/constants';
import type { InvitationPreview } from '@conversa/contract/team';
import { useSession } from '@conversa/data/provider';
import { useAcceptInvitation, useInvitation } from '@conversa/data/team/invitations';
import { ApiRequestError } from '@conversa/data/errors';
import { useLogout } from '@conversa/data/users/logout';
import { useVerifyEmail } from '@conversa/data/users/verify-email';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { consolePaths } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import {
  Actions,
  Card,
  Form,
  FormAlert,
  FormNotice,
  Intro,
  PageTitle,
  TextLink,
} from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { CodeFormSchema } from '../../forms/schemas';
import { useForm } from '../../forms/use-form';
import { useFailureText } from '../../forms/use-failure-text';
import { errorMessage } from '../../i18n/codes';
import { roleLabels } from '../../i18n/roles';
import { useCountdown } from '../../forms/use-countdown';
import { VerificationCode } from '../../forms/verification-code';

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  width: 100%;
  max-width: 30rem;
`;

const Offer = styled(Card)`
  gap: ${({ theme }) => theme.space(2)};
`;

/** What the app's sign-in flow gets to start from. */
export interface JoinSignIn {
  /** The invited address, filled in. */
  email: string;
  /** An account exists for it: start at log in; else at sign-up. */
  hasAccount: boolean;
}

export interface JoinPageProps {
  /** The link's `?token=`; null when the address has none. */
  token: string | null;
  /**
   * The sign-in flow for a signed-out visitor; it calls `onSignedIn` once signed in (for a new
   * account, once its profile is saved), and the invitation is accepted then.
   */
  signIn: (invitation: JoinSignIn, onSignedIn: () => void) => ReactNode;
  /** Joined: the session acts in the institution now; the app goes to its root. */
  onJoined: () => void;
}

/** The join page's card(s), for `PublicLayout`. */
export function JoinPage({ token, signIn, onJoined }: JoinPageProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const preview = useInvitation(token);
  // Logging out empties the cache: the page keeps the preview it shows while it is read again.
  const shown = useRef<InvitationPreview | undefined>(undefined);
  if (preview.data) shown.current = preview.data;

  if (!token || preview.error?.status === 404)
    return <DeadLink title={t`This invitation link is not valid`} />;
  if (preview.error) {
    return (
      <Column>
        <Card>
          <LoadFailed message={failureText(preview.error)} onRetry={() => void preview.mutate()} />
        </Card>
      </Column>
    );
  }
  const invitation = preview.data ?? shown.current;
  if (!invitation) return <Waiting block size="large" label={t`Loading the invitation…`} />;
  switch (invitation.state) {
    case 'accepted':
      return (
        <DeadLink title={t`This invitation has already been used`}>
          {t`If you joined with it, sign in to work in ${invitation.institution_name}.`}
        </DeadLink>
      );
    case 'revoked':
      return (
        <DeadLink title={t`This invitation was withdrawn`}>
          {t`Ask the person who invited you to send a new one.`}
        </DeadLink>
      );
    case 'expired':
      return (
        <DeadLink title={t`This invitation has expired`}>
          {t`Invitation links work for 7 days. Ask the person who invited you to send it again.`}
        </DeadLink>
      );
    default:
      return (
        <Pending
          token={token}
          invitation={invitation}
          signIn={signIn}
          onJoined={onJoined}
          onSignedOut={() => void preview.mutate()}
        />
      );
  }
}

function DeadLink({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <Column>
      <Card as="section" aria-labelledby="join-title">
        <PageTitle id="join-title">{title}</PageTitle>
        {children ? <Intro>{children}</Intro> : null}
        <Actions>
          <TextLink href={consolePaths.login}>{t`Go to sign in`}</TextLink>
        </Actions>
      </Card>
    </Column>
  );
}

function Pending({
  token,
  invitation,
  signIn,
  onJoined,
  onSignedOut,
}: {
  token: string;
  invitation: InvitationPreview;
  signIn: JoinPageProps['signIn'];
  onJoined: () => void;
  onSignedOut: () => void;
}) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const failureText = useFailureText();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  // A code went to the address (each try of an unproved account mails one, past the cooldown).
  const [codesSent, setCodesSent] = useState(0);
  // Decided once: the sign-in flow signs in on its way (a new account before its profile step), and
  // must stay until it says it is done.
  const [signingIn, setSigningIn] = useState(() => !(session.isAuthed && session.jwt !== null));
  const institution = invitation.institution_name;
  const role = i18n._(roleLabels[invitation.role]);

  const join = async () => {
    setError(null);
    try {
      await accept.trigger(token);
      onJoined();
    } catch (failure) {
      setSigningIn(false);
      if (failure instanceof ApiRequestError && failure.code === 'email_unverified') {
        setCodesSent((sent) => sent + 1);
        return;
      }
      setError(failureText(failure));
    }
  };

  const offer = (
    <Offer>
      <Intro>
        <Trans>
          You are invited to join <strong>{institution}</strong> as <strong>{role}</strong>.
        </Trans>
      </Intro>
      <Intro>{t`Invitation for ${invitation.email}`}</Intro>
    </Offer>
  );

  if (signingIn) {
    return (
      <Column>
        {offer}
        {signIn({ email: invitation.email, hasAccount: invitation.has_account }, () => void join())}
      </Column>
    );
  }

  if (codesSent > 0) {
    return (
      <Column>
        {offer}
        <Card as="section" aria-labelledby="join-title">
          <PageTitle id="join-title">{t`Confirm your email address`}</PageTitle>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <VerifyCode
            email={invitation.email}
            sentCount={codesSent}
            joining={accept.isMutating}
            onVerified={() => void join()}
            onResend={() => void join()}
          />
        </Card>
      </Column>
    );
  }

  const signedInAs = session.user?.email ?? '';
  const otherAddress = signedInAs.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <Column>
      <Card as="section" aria-labelledby="join-title">
        <PageTitle id="join-title">{t`Join ${institution}`}</PageTitle>
        <Intro>
          <Trans>
            You are invited to join <strong>{institution}</strong> as <strong>{role}</strong>.
          </Trans>
        </Intro>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {otherAddress ? (
          <>
            <FormAlert>{errorMessage('invitation_other_email', {}, i18n)}</FormAlert>
            <Intro>{t`You are signed in as ${signedInAs}; the invitation is for ${invitation.email}.`}</Intro>
            <Actions>
              <Button
                waiting={logout.isMutating}
                onClick={() =>
                  void logout.trigger().then(() => {
                    setError(null);
                    setSigningIn(true);
                    onSignedOut();
                  })
                }
              >
                {t`Log out and continue as ${invitation.email}`}
              </Button>
            </Actions>
          </>
        ) : (
          <>
            <Intro>{t`You are signed in as ${signedInAs}.`}</Intro>
            <Actions>
              <Button waiting={accept.isMutating} onClick={() => void join()}>
                {t`Join ${institution}`}
              </Button>
            </Actions>
          </>
        )}
      </Card>
    </Column>
  );
}

/**
 * The code mailed to an unproved address: checked (`POST user/verify-email`), then the invitation is
 * accepted. "Send me a new code" tries to join again, which mails a new one after the cooldown.
 */
function VerifyCode({
  email,
  sentCount,
  joining,
  onVerified,
  onResend,
}: {
  email: string;
  sentCount: number;
  joining: boolean;
  onVerified: () => void;
  onResend: () => void;
}) {
  const { t } = useLingui();
  const form = useForm(CodeFormSchema, { code: '' });
  const verify = useVerifyEmail();
  const left = useCountdown(VERIFICATION_RESEND_SECONDS, sentCount);
  const busy = verify.isMutating || joining;

  const submit = form.submit(async (values) => {
    try {
      await verify.trigger({ code: values.code.trim() });
      onVerified();
    } catch (failure) {
      form.fail(failure);
    }
  });

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Intro>{t`Before you join, confirm that ${email} is yours: we sent a ${VERIFICATION_CODE_LENGTH}-digit code to it.`}</Intro>
      {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      {sentCount > 1 ? <FormNotice>{t`We sent you a new code.`}</FormNotice> : null}
      <VerificationCode field={form.bind('code')} left={left} resending={busy} onResend={onResend} />
      <Actions>
        <Button type="submit" waiting={busy}>
          {t`Confirm and join`}
        </Button>
      </Actions>
    </Form>
  );
}
