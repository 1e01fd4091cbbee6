import { createSignedInUser, createUser, signIn } from '@conversa/server/testing';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from '../auth/login';
import { validateToken } from '../auth/validate-token';
import { listCountries } from '../countries/list-countries';
import type { ApiRequestError } from '../errors';
import { useSession } from '../provider';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper } from '../testing/render';
import { changePassword } from './change-password';
import { checkEmail, useCheckEmail } from './check-email';
import { createPassword } from './create-password';
import { logout, useLogout } from './logout';
import { registerByEmail, useRegisterByEmail } from './register-by-email';
import { requestReset } from './request-reset';
import { resetPassword, useResetPassword } from './reset-password';
import { useUpdateProfile } from './update-profile';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const fails = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiRequestError) => error,
  );

describe('sign-up by e-mail code', () => {
  it('checks the e-mail, mails a code in the UI language and creates the account with it', async () => {
    const existing = await createUser(api.server);
    const client = api.client();
    const { result } = renderHook(() => useCheckEmail(), { wrapper: dataWrapper(client) });
    await act(() => result.current.trigger({ email: existing.email }));
    expect(result.current.data).toEqual({ exists: true });

    const email = `new-${Date.now()}@example.com`;
    expect(await checkEmail(client, { email })).toEqual({ exists: false });
    client.session.update({ locale: 'es' });
    const register = renderHook(() => useRegisterByEmail(), { wrapper: dataWrapper(client) });
    await act(() => register.result.current.trigger({ email }));
    expect(register.result.current.data?.resend_after_seconds).toBeGreaterThan(0);
    expect(JSON.parse(api.received('user/register-by-email').at(-1)!.body)).toEqual({ email, locale: 'es' });
    const mail = await api.server.lastMailTo(email);
    expect(mail?.subject).toMatch(/código/);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await fails(
      createPassword(client, {
        email,
        code: code === '000000' ? '111111' : '000000',
        password: 'Str0ngPass',
      }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 'invalid_verification_code' });
    expect(client.session.getSnapshot().isAuthed).toBe(false);

    const session = await createPassword(client, { email, code: code!, password: 'Str0ngPass' });
    expect(client.session.getSnapshot()).toMatchObject({ isAuthed: true, jwt: session.jwt, user: { email } });
    await expect(registerByEmail(client, { email })).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
    });
  });
});

describe('passwords', () => {
  it('changes the password: a wrong current one is a 400, other sessions end, this one stays', async () => {
    const { client, user } = await api.signedIn();
    const other = await signIn(api.server, user.id);
    const wrong = await fails(
      changePassword(client, { currentPassword: 'Nope-passw0rd', newPassword: 'N3wPassword' }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 'wrong_current_password' });
    expect(client.session.getSnapshot().isAuthed).toBe(true);

    const answer = await changePassword(client, {
      current_password: user.password,
      new_password: 'N3wPassword',
    });
    expect(answer).toMatchObject({ code: 'password_updated' });
    expect(typeof answer.message).toBe('string');
    expect(JSON.parse(api.received('user/change-password').at(-1)!.body)).toEqual({
      current_password: user.password,
      new_password: 'N3wPassword',
    });
    await validateToken(client);
    expect((await api.server.call('/api/auth/validate-token', { method: 'POST', token: other })).status).toBe(
      401,
    );
  });

  it('resets a forgotten password with the mailed link', async () => {
    const user = await createUser(api.server);
    const client = api.client();
    expect(await requestReset(client, { email: user.email })).toMatchObject({ code: 'reset_mail_sent' });
    expect(await requestReset(client, { email: 'nobody@example.com' })).toMatchObject({
      code: 'reset_mail_sent',
    });
    const mail = await api.server.lastMailTo(user.email);
    const token = /reset-password\?token=([^\s"&<]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const { result } = renderHook(() => useResetPassword(), { wrapper: dataWrapper(client) });
    await act(() =>
      result.current.trigger({ verificationToken: decodeURIComponent(token!), password: 'Fr3shPassword' }),
    );
    expect(result.current.data).toMatchObject({ code: 'password_reset' });
    await login(client, { email: user.email, password: 'Fr3shPassword' });
    expect(client.session.getSnapshot().isAuthed).toBe(true);

    const reused = await fails(
      resetPassword(client, { verification_token: decodeURIComponent(token!), password: 'An0therPass' }),
    );
    expect(reused).toMatchObject({ status: 400, code: 'reset_token_invalid', sessionExpired: false });
    expect(client.session.getSnapshot().isAuthed).toBe(true);
  });
});

describe('logout', () => {
  it('revokes the token on the server and clears the session and the cache, without onUnauthorized', async () => {
    const onUnauthorized = vi.fn();
    const { client, user } = await api.signedIn({ onUnauthorized });
    await listCountries(client);
    const { result } = renderHook(() => ({ logout: useLogout(), session: useSession() }), {
      wrapper: dataWrapper(client),
    });
    client.cache.set('["cached"]', { data: 1 });
    // A guest token is preferred everywhere else; logout must still revoke the staff session.
    client.session.update({ guestJwt: 'a.guest.token' });
    await act(() => result.current.logout.trigger());
    expect(api.received('user/logout').at(-1)?.headers.get('authorization')).toBe(`Bearer ${user.token}`);
    expect(result.current.session).toMatchObject({
      isAuthed: false,
      jwt: null,
      guestJwt: null,
      user: null,
      locale: null,
    });
    expect([...client.cache.keys()]).toEqual([]);
    expect(
      (await api.server.call('/api/auth/validate-token', { method: 'POST', token: user.token })).status,
    ).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('still signs out locally when the token is already dead', async () => {
    const client = api.client();
    client.session.update({ jwt: 'dead.token', isAuthed: true });
    await logout(client);
    expect(client.session.getSnapshot().isAuthed).toBe(false);
  });
});

describe('useUpdateProfile', () => {
  it('saves the profile and the answer replaces the stored one', async () => {
    const { client, user } = await api.signedIn();
    const { result } = renderHook(() => ({ update: useUpdateProfile(), session: useSession() }), {
      wrapper: dataWrapper(client),
    });
    await act(() =>
      result.current.update.trigger({
        fullName: 'Marta Gil',
        city: 'Sevilla',
        role: 'principal',
        locale: 'es',
      }),
    );
    expect(result.current.session.profile).toMatchObject({
      full_name: 'Marta Gil',
      city: 'Sevilla',
      role: 'principal',
      locale: 'es',
      email: user.email,
    });
    expect(result.current.session.locale).toBe('es');
    const invalid = await result.current.update
      .trigger({ full_name: '', locale: 'en' })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((invalid as ApiRequestError).issues.map((issue) => issue.path)).toContain('full_name');
    expect(client.session.getSnapshot().profile?.full_name).toBe('Marta Gil');
  });

  it('refuses without a signed-in user, before any request', async () => {
    const client = api.client();
    const { result } = renderHook(() => useUpdateProfile(), { wrapper: dataWrapper(client) });
    const before = api.requests.length;
    await expect(result.current.trigger({ full_name: 'X', locale: 'en' })).rejects.toMatchObject({
      status: 401,
    });
    expect(api.requests.length).toBe(before);
  });
});

it('a fixture user can sign in with the data layer', async () => {
  const user = await createSignedInUser(api.server);
  const client = api.client();
  await login(client, { email: user.email, password: user.password });
  expect(client.session.getSnapshot().user?.id).toBe(user.id);
});
