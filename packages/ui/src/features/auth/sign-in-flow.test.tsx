import { randomUUID } from 'node:crypto';
import type { Institution } from '@conversa/contract/institution';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedApi, mailedCode, renderConnected } from '../../testing/connected';
import { preloadEmailSteps, SignInFlow } from './sign-in-flow';

const api = connectedApi();
// The e-mail steps load on demand in the app; here they are ready before the first click.
beforeAll(() => preloadEmailSteps());
afterEach(() => vi.useRealTimers());

const newEmail = () => `new-${randomUUID().slice(0, 8)}@example.com`;

/** Initial step → e-mail step → the code mailed to a new address. */
async function reachCodeStep(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(await screen.findByRole('button', { name: 'Continue with email' }));
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Check your email' });
}

describe('SignInFlow: sign-up by e-mail', () => {
  it('goes from the e-mail through the mailed code, password, about you and about your school', async () => {
    const user = userEvent.setup();
    const client = api.client();
    const onSignedIn = vi.fn();
    const email = newEmail();
    renderConnected(<SignInFlow onSignedIn={onSignedIn} />, { client });
    await reachCodeStep(user, email);
    expect(JSON.parse(api.received('user/check-email').at(-1)!.body)).toEqual({ email });
    expect(
      screen.getByText(`We sent a 6-digit code to ${email}. Enter it below to verify your email.`),
    ).toBeTruthy();
    const code = await mailedCode(api, email);

    // A wrong code is refused with the password, and the flow returns to the code with the message.
    await user.type(screen.getByLabelText(/^Verification code/), code === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Create your password' });
    await user.type(screen.getByLabelText(/^Password\*?$/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password must be at least 8 characters long.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Password\*?$/));
    await user.type(screen.getByLabelText(/^Password\*?$/), 'Str0ngPass');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Str0ngPas');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords must match.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Repeat password/), 's');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByText('The code is not correct. Check the email we sent you.')).toBeTruthy();
    expect(client.session.getSnapshot().isAuthed).toBe(false);

    const codeInput = screen.getByLabelText(/^Verification code/);
    await user.clear(codeInput);
    await user.type(codeInput, code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Password\*?$/), 'Str0ngPass');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Str0ngPass');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'About you' });
    expect(client.session.getSnapshot()).toMatchObject({
      isAuthed: true,
      user: { email },
      institutionId: null,
    });
    await user.type(await screen.findByLabelText('First name'), 'Marta');
    await user.type(screen.getByLabelText('Last name'), 'Gil');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Marta Gil');
    await user.type(screen.getByLabelText('Phone number'), '+34 600 000 001');
    await user.selectOptions(screen.getByLabelText('Position'), 'Admissions team');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'About your school or business' });
    await user.type(await screen.findByLabelText(/^School name/), 'Colegio Sol');
    await user.type(screen.getByLabelText('Website URL'), 'colegiosol.es');
    await user.selectOptions(screen.getByLabelText('Number of students'), 'Up to 250');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Spain' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Country'), 'ES');
    await user.type(screen.getByLabelText('Location'), 'Sevilla');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const session = client.session.getSnapshot();
    expect(session).toMatchObject({
      isAuthed: true,
      roles: ['main'],
      profile: {
        full_name: 'Marta Gil',
        first_name: 'Marta',
        role: 'admissions_team',
        phone_number: '+34600000001',
      },
    });
    const { body } = await api.server.call<{ data: Institution }>(
      `/api/institution/${session.institutionId}`,
      {
        token: session.jwt,
        institution: session.institutionId,
      },
    );
    expect(body.data).toMatchObject({
      name: 'Colegio Sol',
      kind: 'school',
      website_url: 'https://colegiosol.es',
      students: 'up_to_250',
      country: 'ES',
      location: 'Sevilla',
    });
  });

  it('counts down before a new code may be asked for, then mails a new one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    const email = newEmail();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
    await reachCodeStep(user, email);
    await mailedCode(api, email);
    expect(screen.getByText('You can ask for a new code in 60 s.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a new code' })).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('You can ask for a new code in 59 s.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByText('You can ask for a new code in 1 s.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    const resend = screen.getByRole('button', { name: 'Send me a new code' });

    // The server keeps the same cooldown; its clock moves past it as the page's did.
    api.server.clock.advance(61_000);
    const mailsBefore = (await api.server.mails()).length;
    const sendsBefore = api.received('user/register-by-email').length;
    await user.click(resend);
    expect(await screen.findByText('We sent you a new code.')).toBeTruthy();
    expect(screen.getByText('You can ask for a new code in 60 s.')).toBeTruthy();
    expect(api.received('user/register-by-email')).toHaveLength(sendsBefore + 1);
    await waitFor(async () => expect((await api.server.mails()).length).toBe(mailsBefore + 1));
  });

  it('sends an existing address to the login step with the e-mail filled in', async () => {
    const user = userEvent.setup();
    const email = newEmail();
    await api.server.call('/api/user/register-by-email', { json: { email } });
    const code = await mailedCode(api, email);
    await api.server.call('/api/user/create-password', { json: { email, code, password: 'Str0ngPass' } });
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
    await user.click(await screen.findByRole('button', { name: 'Continue with email' }));
    await user.type(screen.getByLabelText(/^Email/), email.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(email);
  });

  it('checks the e-mail before asking the server', async () => {
    const user = userEvent.setup();
    renderConnected(<SignInFlow onSignedIn={vi.fn()} />, { client: api.client() });
    const before = api.received('user/check-email').length;
    await user.click(await screen.findByRole('button', { name: 'Continue with email' }));
    // The form checks asynchronously (its resolver): the texts come a render later.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(api.received('user/check-email')).toHaveLength(before);
  });
});
