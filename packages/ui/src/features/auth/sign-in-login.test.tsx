import { randomUUID } from 'node:crypto';
import {
  createSignedInUser,
  createUser,
  type IdProvider,
  startIdProvider,
  TEST_GOOGLE_CLIENT,
  TEST_MICROSOFT_CLIENT,
  TEST_MICROSOFT_ISSUER,
} from '@conversa/server/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectedApi,
  postInstitution,
  renderConnected,
  startApi,
  type TestApi,
} from '../../testing/connected';
import type { GoogleCredentialResponse, GoogleIdentity } from './google-identity';
import { preloadEmailSteps, SignInFlow } from './sign-in-flow';

const api = connectedApi();
// The e-mail steps load on demand in the app; here they are ready before the first click.
beforeAll(() => preloadEmailSteps());

type User = ReturnType<typeof userEvent.setup>;

async function logIn(user: User, email: string, password: string) {
  await user.click(await screen.findByRole('button', { name: 'Log in with your email' }));
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('SignInFlow: login', () => {
  it('shows the wrong-password message, then signs in a member of one institution', async () => {
    const user = userEvent.setup();
    const owner = await createSignedInUser(api.server);
    const school = await postInstitution(api, owner.token);
    const client = api.client();
    const onSignedIn = vi.fn();
    renderConnected(<SignInFlow onSignedIn={onSignedIn} />, { client });
    // No provider is configured on this server: no Google or Microsoft button, no Google script.
    await screen.findByRole('button', { name: 'Continue with email' });
    await waitFor(() => expect(api.received('auth/providers').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Google|Microsoft/ })).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();

    await logIn(user, owner.email, 'Wrong-passw0rd');
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    expect(client.session.getSnapshot().isAuthed).toBe(false);
    const password = screen.getByLabelText(/^Password/);
    await user.clear(password);
    await user.type(password, owner.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(client.session.getSnapshot()).toMatchObject({
      isAuthed: true,
      institutionId: school.id,
      roles: ['main'],
    });
  });

  it('asks which institution to work in when the user belongs to two', async () => {
    const user = userEvent.setup();
    const owner = await createSignedInUser(api.server);
    const first = await postInstitution(api, owner.token, { name: 'Colegio Norte' });
    const second = await postInstitution(api, owner.token, { name: 'Academia Sur', kind: 'business' });
    const client = api.client();
    const onSignedIn = vi.fn();
    renderConnected(<SignInFlow onSignedIn={onSignedIn} />, { client });
    await logIn(user, owner.email, owner.password);
    await screen.findByRole('heading', { name: 'Select an institution' });
    const north = await screen.findByRole('button', { name: /Colegio Norte/ });
    expect(within(north).getByText('School')).toBeTruthy();
    expect(client.session.getSnapshot().institutionId).toBe(second.id);
    await user.click(north);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(client.session.getSnapshot()).toMatchObject({ institutionId: first.id, roles: ['main'] });
  });

  it('takes a user without an institution through onboarding after login', async () => {
    const user = userEvent.setup();
    const account = await createUser(api.server, { fullName: 'Pablo Soto' });
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
    await logIn(user, account.email, account.password);
    await screen.findByRole('heading', { name: 'About you' });
    expect(((await screen.findByLabelText(/^Full name/)) as HTMLInputElement).value).toBe('Pablo Soto');
  });

  it('links to password reset (or calls back) and opens terms and privacy in a new tab', async () => {
    const user = userEvent.setup();
    const onForgotPassword = vi.fn();
    const view = renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
    await user.click(await screen.findByRole('button', { name: 'Log in with your email' }));
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    for (const [name, href] of [
      [/Terms of service/, '/terms'],
      [/Privacy policy/, '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        href,
        '_blank',
        'noopener',
      ]);
    }
    view.unmount();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} onForgotPassword={onForgotPassword} />, {
      client: api.client(),
    });
    await user.click(await screen.findByRole('button', { name: 'Log in with your email' }));
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(onForgotPassword).toHaveBeenCalledTimes(1);
  });

  it('points terms and privacy where the server names them (TERMS_URL, PRIVACY_URL)', async () => {
    // What the server adds to the console's index.html when the variables are set.
    const metas = [
      ['conversa-terms-url', 'https://school.example/terms'],
      ['conversa-privacy-url', 'https://school.example/privacy'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name!;
      meta.content = content!;
      document.head.append(meta);
      return meta;
    });
    try {
      renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
      await screen.findByRole('button', { name: 'Log in with your email' });
      expect(screen.getByRole('link', { name: /Terms of service/ }).getAttribute('href')).toBe(
        'https://school.example/terms',
      );
      expect(screen.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe(
        'https://school.example/privacy',
      );
    } finally {
      metas.forEach((meta) => meta.remove());
    }
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    const account = await createUser(api.server);
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client(), locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida a Conversa' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Inicia sesión con tu correo electrónico' }));
    await user.type(screen.getByLabelText(/^Correo electrónico/), account.email);
    await user.type(screen.getByLabelText(/^Contraseña/), 'Wrong-passw0rd');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El correo o la contraseña no son correctos.',
    );
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
  });
});

describe('SignInFlow: Google and Microsoft', () => {
  const GOOGLE_CLIENT = TEST_GOOGLE_CLIENT;
  const MICROSOFT_CLIENT = TEST_MICROSOFT_CLIENT;
  let idp: IdProvider;
  let providers: TestApi;
  beforeAll(async () => {
    idp = await startIdProvider();
    providers = await startApi({ env: idp.env });
  });
  afterAll(async () => {
    await providers.close();
    await idp.close();
  });

  /**
   * Google Identity Services as the page sees it: its button calls back with a credential, which
   * (as Google does) carries the nonce the page initialised it with.
   */
  function fakeGoogle(credential: string | ((nonce: string | undefined) => string)) {
    const seen: { clientId?: string; nonces: (string | undefined)[] } = { nonces: [] };
    const api: GoogleIdentity = {
      initialize(options) {
        seen.clientId = options.client_id;
        seen.nonces.push(options.nonce);
        api.renderButton = (parent) => {
          const button = document.createElement('button');
          button.textContent = 'Sign in with Google';
          const response: GoogleCredentialResponse = {
            credential: typeof credential === 'string' ? credential : credential(options.nonce),
            select_by: 'btn',
            clientId: options.client_id,
          };
          button.addEventListener('click', () => options.callback(response));
          parent.append(button);
        };
      },
      renderButton() {},
      prompt() {},
    };
    return { load: () => Promise.resolve(api), seen };
  }

  it('signs in with the credential Google calls back with, then onboards the new user', async () => {
    const user = userEvent.setup();
    const email = `g-${randomUUID().slice(0, 8)}@gmail.example`;
    const credentials: string[] = [];
    const google = fakeGoogle((nonce) => {
      const credential = idp.token({
        iss: 'https://accounts.google.com',
        aud: GOOGLE_CLIENT,
        sub: `g-${randomUUID()}`,
        email,
        email_verified: true,
        name: 'Lucía Fernández',
        nonce,
      });
      credentials.push(credential);
      return credential;
    });
    const client = providers.client();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} loadGoogle={google.load} />, { client });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect(google.seen.clientId).toBe(GOOGLE_CLIENT);
    // Google was given a nonce the server issued.
    expect(google.seen.nonces[0]).toEqual(expect.any(String));
    expect(providers.received('auth/nonce').length).toBeGreaterThan(0);
    expect(JSON.parse(providers.received('auth/google').at(-1)!.body)).toEqual({
      credential: credentials.at(-1),
      client_id: GOOGLE_CLIENT,
      select_by: 'btn',
    });
    expect(((await screen.findByLabelText(/^Full name/)) as HTMLInputElement).value).toBe('Lucía Fernández');
    expect(client.session.getSnapshot()).toMatchObject({ isAuthed: true, user: { email } });
  });

  it('gives Google a new nonce after each attempt, so a second try can succeed', async () => {
    const user = userEvent.setup();
    // The first attempt is refused (the address has a password account); the second is another person.
    const taken = await createUser(providers.server);
    const emails = [taken.email, `g-${randomUUID().slice(0, 8)}@gmail.example`];
    const google = fakeGoogle((nonce) =>
      idp.token({
        iss: 'https://accounts.google.com',
        aud: GOOGLE_CLIENT,
        sub: `g-${randomUUID()}`,
        email: emails.shift(),
        email_verified: true,
        nonce,
      }),
    );
    const client = providers.client();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} loadGoogle={google.load} />, { client });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists. Sign in with your password.',
    );
    await waitFor(() => expect(google.seen.nonces).toHaveLength(2));
    expect(google.seen.nonces[1]).not.toBe(google.seen.nonces[0]);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect(client.session.getSnapshot().isAuthed).toBe(true);
  });

  it('loads the Google script only once its button is on screen', async () => {
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: providers.client() });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();
  });

  it('posts the Microsoft ID token the app obtains', async () => {
    const user = userEvent.setup();
    const tid = randomUUID();
    let idToken = '';
    const getMicrosoftIdToken = vi.fn(async (_clientId: string, nonce: string) => {
      // As MSAL's popup does: the token carries the nonce it was asked for.
      idToken = idp.token({
        iss: TEST_MICROSOFT_ISSUER.replace('{tenantid}', tid),
        aud: MICROSOFT_CLIENT,
        sub: randomUUID(),
        tid,
        oid: randomUUID(),
        email: `m-${randomUUID().slice(0, 8)}@contoso.example`,
        xms_edov: true,
        name: 'Jorge Ibáñez',
        nonce,
      });
      return idToken;
    });
    const client = providers.client();
    renderConnected(
      <SignInFlow
        onSignedIn={vi.fn()}
        getMicrosoftIdToken={getMicrosoftIdToken}
        loadGoogle={fakeGoogle('x').load}
      />,
      { client },
    );
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect(getMicrosoftIdToken).toHaveBeenCalledWith(MICROSOFT_CLIENT, expect.any(String));
    expect(JSON.parse(providers.received('auth/microsoft').at(-1)!.body)).toEqual({ id_token: idToken });
    expect(client.session.getSnapshot().profile?.full_name).toBe('Jorge Ibáñez');
  });

  it('shows the server refusing a provider token', async () => {
    const user = userEvent.setup();
    const client = providers.client();
    renderConnected(
      <SignInFlow
        onSignedIn={vi.fn()}
        getMicrosoftIdToken={async () => 'not.a.token'}
        loadGoogle={fakeGoogle('x').load}
      />,
      { client },
    );
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in could not be verified. Try again.',
    );
    expect(client.session.getSnapshot().isAuthed).toBe(false);
  });
});
