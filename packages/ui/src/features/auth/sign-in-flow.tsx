/**
 * The sign-in flow (docs/product.md#what-things-hold steps): initial → e-mail → login, or code → password → about you →
 * about your school / business; select institution for users of several. Steps run on a wizard
 * (`forms/use-wizard.ts`) locked while a request runs. The app navigates when `onSignedIn` is called: the
 * session is already stored then, so keep rendering the flow until that call (onboarding happens
 * while signed in).
 */
import type { Session } from '@conversa/contract/auth';
import { PRODUCT_NAME } from '@conversa/contract/constants';
import { listUserInstitutions, userInstitutionsKey } from '@conversa/data/users/list-user-institutions';
import { useDataClient } from '@conversa/data/provider';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Waiting } from '../../components/waiting';
import styled from 'styled-components';
import { Card, FormAlert, TextLink } from '../../forms/form-layout';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { legalLink } from './legal-links';
import type { LoadGoogleIdentity } from './google-identity';
import type { GetMicrosoftIdToken } from './steps/provider-buttons';
import { useFailureText } from '../../forms/use-failure-text';
import { InitialStep } from './steps/initial-step';
import { useStepHeading, useWizard } from '../../forms/use-wizard';

/**
 * A step loaded on demand. Once its module is in (fetched ahead, or on the first render), the step
 * renders straight away: React.lazy would still suspend for a tick on its first render, showing the
 * spinner under the next step's heading while the previous step stays in the page, hidden.
 */
function lazyStep<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | undefined;
  const fetch = () =>
    load().then((module) => {
      loaded ??= pick(module);
      return module;
    });
  const Lazy = lazy(() => fetch().then((module) => ({ default: pick(module) })));
  function Step(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return [Step, fetch] as const;
}

// /login's first screen has no form: the e-mail steps (and the form library they use) load when the
// user heads for them (pointer over or focus on the e-mail buttons), or at the latest on the click.
const [EmailStep, loadEmail] = lazyStep(
  () => import('./steps/email-step'),
  (m) => m.EmailStep,
);
const [LoginStep, loadLogin] = lazyStep(
  () => import('./steps/login-step'),
  (m) => m.LoginStep,
);
const [CodeStep, loadCode] = lazyStep(
  () => import('./steps/code-step'),
  (m) => m.CodeStep,
);
const [PasswordStep, loadPassword] = lazyStep(
  () => import('./steps/password-step'),
  (m) => m.PasswordStep,
);
/** Fetches the e-mail steps ahead (also for tests, which then find each step at once). */
export const preloadEmailSteps = () => Promise.all([loadEmail(), loadLogin(), loadCode(), loadPassword()]);
const loadEmailSteps = () => void preloadEmailSteps();

// The onboarding steps (profile and institution forms, with the phone-number library) are not on
// /login's first screen: they load on demand, fetched ahead once a sign-up or login is under way.
const [AboutYouStep, loadAboutYou] = lazyStep(
  () => import('./steps/about-you-step'),
  (m) => m.AboutYouStep,
);
const [AboutSchoolStep, loadAboutSchool] = lazyStep(
  () => import('./steps/about-school-step'),
  (m) => m.AboutSchoolStep,
);
const [SelectInstitutionStep, loadSelectInstitution] = lazyStep(
  () => import('./steps/select-institution-step'),
  (m) => m.SelectInstitutionStep,
);

export type { GetMicrosoftIdToken } from './steps/provider-buttons';
export type { GoogleIdentity, LoadGoogleIdentity } from './google-identity';

/** The steps, in wizard order. */
export const SIGN_IN_STEPS = [
  'initial',
  'email',
  'login',
  'code',
  'password',
  'about-you',
  'about-school',
  'select-institution',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

const Shell = styled(Card)`
  width: 100%;
  max-width: 30rem;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  &:focus {
    outline: none;
  }
`;

const Legal = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SignInFlowProps {
  /** Signed in and onboarded: the app goes to its root. */
  onSignedIn(): void;
  /** Called by 'Forgot your password?' instead of following `forgotPasswordHref`. */
  onForgotPassword?: () => void;
  forgotPasswordHref?: string;
  /** Open in a new tab; by default where the server says (`legal-links.ts`). */
  termsUrl?: string;
  privacyUrl?: string;
  /**
   * Gets a Microsoft ID token (e.g. MSAL's `loginPopup`); the Microsoft button shows when the
   * server has `MICROSOFT_CLIENT_ID`, and without this prop it explains that it is unavailable.
   */
  getMicrosoftIdToken?: GetMicrosoftIdToken;
  /** Loads Google Identity Services (default: its script from accounts.google.com, on demand). */
  loadGoogle?: LoadGoogleIdentity;
  /** The step to open on (stories); defaults to the initial step. */
  startAt?: SignInStep;
  /**
   * Signing in to accept an invitation (the join page): the invited address is filled in, the flow
   * opens on log in (an account exists) or on sign-up, and ends once signed in, for a new account
   * after its profile: no institution to choose or create, the invitation brings one.
   */
  invitation?: { email: string; hasAccount: boolean };
}

const indexOf = (step: SignInStep) => SIGN_IN_STEPS.indexOf(step);

/** The whole flow in one card; every visible string in en and es. */
export function SignInFlow({
  onSignedIn,
  onForgotPassword,
  forgotPasswordHref,
  termsUrl = legalLink('terms'),
  privacyUrl = legalLink('privacy'),
  getMicrosoftIdToken,
  loadGoogle,
  invitation,
  startAt = invitation ? (invitation.hasAccount ? 'login' : 'email') : 'initial',
}: SignInFlowProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const errorText = useFailureText();
  const wizard = useWizard(SIGN_IN_STEPS.length - 1, indexOf(startAt));
  const step = SIGN_IN_STEPS[wizard.step] ?? 'initial';
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [resendAfter, setResendAfter] = useState(0);
  const [sentCount, setSentCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Each move is announced: the focus goes to the new step's heading.
  const title = useStepHeading(wizard.step);
  const go = (next: SignInStep) => wizard.goTo(indexOf(next));
  const onBusy = (busy: boolean) => (busy ? wizard.lock() : wizard.unlock());

  // Past the first screens, fetch the onboarding steps ahead so they show without a wait.
  useEffect(() => {
    if (step !== 'initial') loadEmailSteps();
    if (step === 'login' || step === 'code' || step === 'password') {
      void loadAboutYou();
      void loadAboutSchool();
      void loadSelectInstitution();
    }
  }, [step]);

  /**
   * Where a signed-in user goes: choose among several institutions, onboard without one, else done;
   * accepting an invitation, done at once.
   */
  const afterSignIn = async (session: Session) => {
    setError(null);
    if (invitation) return onSignedIn();
    try {
      wizard.lock();
      const memberships = await listUserInstitutions(client, session.user.id);
      await client.setCached(userInstitutionsKey(session.user.id), memberships);
      wizard.unlock();
      if (memberships.length > 1) return go('select-institution');
      if (memberships.length === 0 && !session.roles.includes('admin')) {
        return go(session.profile.role ? 'about-school' : 'about-you');
      }
      onSignedIn();
    } catch (failure) {
      wizard.unlock();
      setError(errorText(failure));
    }
  };

  const titles: Record<SignInStep, string> = {
    initial: t`Welcome to ${PRODUCT_NAME}`,
    email: t`Continue with email`,
    login: t`Log in`,
    code: t`Check your email`,
    password: t`Create your password`,
    'about-you': t`About you`,
    'about-school': t`About your school or business`,
    'select-institution': t`Select an institution`,
  };

  const busy = wizard.locked;
  const body = {
    initial: (
      <InitialStep
        busy={busy}
        onBusy={onBusy}
        onEmail={() => go('email')}
        onLogin={() => go('login')}
        onHeadingForEmail={loadEmailSteps}
        onSignedIn={(session) => void afterSignIn(session)}
        getMicrosoftIdToken={getMicrosoftIdToken}
        loadGoogle={loadGoogle}
      />
    ),
    email: (
      <EmailStep
        email={email}
        onBusy={onBusy}
        onBack={() => go('initial')}
        onExisting={(address) => {
          setEmail(address);
          go('login');
        }}
        onCodeSent={(address, seconds) => {
          setEmail(address);
          setCode('');
          setCodeError(undefined);
          setResendAfter(seconds);
          setSentCount((count) => count + 1);
          go('code');
        }}
      />
    ),
    login: (
      <LoginStep
        email={email}
        onBusy={onBusy}
        onBack={() => go('initial')}
        onSignedIn={(session) => void afterSignIn(session)}
        forgotPasswordHref={forgotPasswordHref}
        onForgotPassword={onForgotPassword}
      />
    ),
    code: (
      <CodeStep
        email={email}
        code={code}
        codeError={codeError}
        resendAfterSeconds={resendAfter}
        sentCount={sentCount}
        onBusy={onBusy}
        onChangeEmail={() => go('email')}
        onResent={(seconds) => {
          setCodeError(undefined);
          setResendAfter(seconds);
          setSentCount((count) => count + 1);
        }}
        onCode={(value) => {
          setCode(value);
          setCodeError(undefined);
          go('password');
        }}
      />
    ),
    password: (
      <PasswordStep
        email={email}
        code={code}
        onBusy={onBusy}
        onBack={() => go('code')}
        onCreated={() => go('about-you')}
        onCodeRefused={(message) => {
          setCodeError(message);
          go('code');
        }}
      />
    ),
    'about-you': (
      <AboutYouStep onBusy={onBusy} onSaved={() => (invitation ? onSignedIn() : go('about-school'))} />
    ),
    'about-school': <AboutSchoolStep onBusy={onBusy} onCreated={onSignedIn} />,
    'select-institution': <SelectInstitutionStep onSelected={onSignedIn} />,
  } satisfies Record<SignInStep, unknown>;

  return (
    <Shell aria-labelledby="sign-in-title" role="region">
      <Title id="sign-in-title" ref={title} tabIndex={-1}>
        {titles[step]}
      </Title>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Suspense fallback={<Waiting block />}>{body[step]}</Suspense>
      <Legal>
        <Trans>
          By continuing you accept the{' '}
          <TextLink href={termsUrl} target="_blank" rel="noopener">
            Terms of service
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </TextLink>{' '}
          and the{' '}
          <TextLink href={privacyUrl} target="_blank" rel="noopener">
            Privacy policy
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </TextLink>
          .
        </Trans>
      </Legal>
    </Shell>
  );
}
