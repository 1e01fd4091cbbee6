import { randomUUID } from 'node:crypto';
import { createSignedInUser, createUser } from '@conversa/server/testing';
import {
  type IdProvider,
  providerEnv,
  startIdProvider,
  TEST_GOOGLE_CLIENT,
  TEST_MICROSOFT_CLIENT,
  TEST_MICROSOFT_ISSUER,
} from '@conversa/data/testing/id-provider';
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
    for (const name of [/Terms of service/, /Privacy policy/]) {
      const link = screen.getByRole('link', { name });
      expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['_blank', 'noopener']);
    }
    view.unmount();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} onForgotPassword={onForgotPassword} />, {
      client: api.client(),
    });
    await user.click(await screen.findByRole('button', { name: 'Log in with your email' }));
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(onForgotPassword).toHaveBeenCalledTimes(1);
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
    providers = await startApi({ env: providerEnv(idp) });
  });
  afterAll(async () => {
    await providers.close();
    await idp.close();
  });

  /** Google Identity Services as the page sees it: its button calls back with a credential. */
  function fakeGoogle(credential: string) {
    const seen: { clientId?: string } = {};
    const api: GoogleIdentity = {
      initialize(options) {
        seen.clientId = options.client_id;
        api.renderButton = (parent) => {
          const button = document.createElement('button');
          button.textContent = 'Sign in with Google';
          const response: GoogleCredentialResponse = {
            credential,
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
    const credential = idp.token({
      iss: 'https://accounts.google.com',
      aud: GOOGLE_CLIENT,
      sub: `g-${randomUUID()}`,
      email,
      email_verified: true,
      name: 'Lucía Fernández',
    });
    const google = fakeGoogle(credential);
    const client = providers.client();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} loadGoogle={google.load} />, { client });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect(google.seen.clientId).toBe(GOOGLE_CLIENT);
    expect(JSON.parse(providers.received('auth/google').at(-1)!.body)).toEqual({
      credential,
      client_id: GOOGLE_CLIENT,
      select_by: 'btn',
    });
    expect(((await screen.findByLabelText(/^Full name/)) as HTMLInputElement).value).toBe('Lucía Fernández');
    expect(client.session.getSnapshot()).toMatchObject({ isAuthed: true, user: { email } });
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
    const idToken = idp.token({
      iss: TEST_MICROSOFT_ISSUER.replace('{tenantid}', tid),
      aud: MICROSOFT_CLIENT,
      sub: randomUUID(),
      tid,
      oid: randomUUID(),
      email: `m-${randomUUID().slice(0, 8)}@contoso.example`,
      name: 'Jorge Ibáñez',
    });
    const getMicrosoftIdToken = vi.fn(async () => idToken);
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
    expect(getMicrosoftIdToken).toHaveBeenCalledWith(MICROSOFT_CLIENT);
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
