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
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRequestError } from '../errors';
import { useSession } from '../provider';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { providersOnPage, useProviders } from './get-providers';
import { PROVIDERS_META } from '@conversa/contract/auth';
import { useLogin } from './login';
import { loginWithGoogle, useLoginWithGoogle } from './login-with-google';
import { loginWithMicrosoft } from './login-with-microsoft';
import { requestSignInNonce } from './request-nonce';
import { useValidateToken, validateToken } from './validate-token';

const GOOGLE_CLIENT = TEST_GOOGLE_CLIENT;
const MICROSOFT_CLIENT = TEST_MICROSOFT_CLIENT;

let api: TestApi;
let idp: IdProvider;
beforeAll(async () => {
  idp = await startIdProvider();
  api = await startApi({ env: idp.env });
});
afterAll(async () => {
  await api.close();
  await idp.close();
});

describe('useLogin', () => {
  it('signs in and stores the session, which useSession follows', async () => {
    const user = await createUser(api.server, { fullName: 'Ana Ruiz', locale: 'es' });
    const client = api.client();
    const { result } = renderHook(() => ({ login: useLogin(), session: useSession() }), {
      wrapper: dataWrapper(client),
    });
    expect(result.current.session.isAuthed).toBe(false);
    await act(() => result.current.login.trigger({ email: user.email, password: user.password }));
    expect(result.current.session).toMatchObject({
      isAuthed: true,
      locale: 'es',
      user: { id: user.id, email: user.email },
      profile: { full_name: 'Ana Ruiz' },
    });
    expect(result.current.session.jwt).toBe(result.current.login.data?.jwt);
    expect(JSON.parse(api.received('auth/login').at(-1)!.body)).toEqual({
      email: user.email,
      password: user.password,
    });
  });

  it('leaves a wrong password as the mutation error, with the session untouched', async () => {
    const user = await createUser(api.server);
    const onError = vi.fn();
    const { result } = renderHook(() => useLogin(), { wrapper: dataWrapper(api.client({ onError })) });
    let thrown: unknown;
    await act(async () => {
      thrown = await result.current
        .trigger({ email: user.email, password: 'Nope-passw0rd' })
        .catch((e: unknown) => e);
    });
    expect(thrown).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(result.current.error).toBe(thrown);
    // The login form shows it in place: a write's failure is not reported on its own.
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('useValidateToken', () => {
  it('refreshes the stored session from the token, keeping an institution the user switched to', async () => {
    const { client, user } = await api.signedIn({ isAdmin: true });
    client.session.update({ institutionId: 42, profile: null });
    const { result } = renderHook(() => snapshot(useValidateToken()), { wrapper: dataWrapper(client) });
    await until(() => result.current.data !== undefined);
    expect(result.current.data?.user.id).toBe(user.id);
    expect(client.session.getSnapshot()).toMatchObject({
      institutionId: 42,
      roles: ['admin'],
      isAuthed: true,
    });
    expect(client.session.getSnapshot().profile?.email).toBe(user.email);
  });

  it('does nothing while signed out', async () => {
    const client = api.client();
    const before = api.received('auth/validate-token').length;
    const { result } = renderHook(() => snapshot(useValidateToken()), { wrapper: dataWrapper(client) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toMatchObject({ data: undefined, isLoading: false });
    expect(api.received('auth/validate-token')).toHaveLength(before);
  });

  it('checks the session of a token with no session row as a 401', async () => {
    const { token } = await createSignedInUser(api.server);
    const client = api.client();
    client.session.update({ jwt: `${token.slice(0, -4)}AAAA` });
    await expect(validateToken(client)).rejects.toMatchObject({ status: 401 });
    expect(client.session.getSnapshot().jwt).toBeNull();
  });
});

describe('third-party sign-in', () => {
  it('lists the configured providers', async () => {
    const { result } = renderHook(() => snapshot(useProviders()), { wrapper: dataWrapper(api.client()) });
    await until(() => result.current.data !== undefined);
    expect(result.current.data).toEqual({
      google_client_id: GOOGLE_CLIENT,
      microsoft_client_id: MICROSOFT_CLIENT,
    });
  });

  it('takes the providers the page names at once, without asking; a broken meta is asked for', async () => {
    const meta = document.createElement('meta');
    meta.name = PROVIDERS_META;
    meta.content = JSON.stringify({ google_client_id: 'from-the-page', microsoft_client_id: null });
    document.head.append(meta);
    try {
      const seen: unknown[] = [];
      renderHook(
        () => {
          const providers = useProviders();
          seen.push(providers.data);
          return providers;
        },
        { wrapper: dataWrapper(api.client()) },
      );
      // The first render already has them: nothing to wait for, nothing to move.
      expect(seen[0]).toEqual({ google_client_id: 'from-the-page', microsoft_client_id: null });
      expect(providersOnPage()).toEqual({ google_client_id: 'from-the-page', microsoft_client_id: null });
      meta.content = '{"google_client_id": 3}';
      expect(providersOnPage()).toBeUndefined();
      meta.content = 'not json';
      expect(providersOnPage()).toBeUndefined();
      const asked = renderHook(() => snapshot(useProviders()), { wrapper: dataWrapper(api.client()) });
      await until(() => asked.result.current.data !== undefined);
      expect(asked.result.current.data?.google_client_id).toBe(GOOGLE_CLIENT);
    } finally {
      meta.remove();
    }
  });

  it('asks for a fresh sign-in nonce each time', async () => {
    const client = api.client();
    const first = await requestSignInNonce(client);
    expect(first.nonce).toEqual(expect.any(String));
    expect(first.expires_in_seconds).toBeGreaterThan(0);
    expect((await requestSignInNonce(client)).nonce).not.toBe(first.nonce);
  });

  it('signs in with a Google credential, sending the callback fields snake_case', async () => {
    const client = api.client();
    const email = `g-${randomUUID().slice(0, 8)}@gmail.example`;
    const { nonce } = await requestSignInNonce(client);
    const credential = idp.token({
      nonce,
      iss: 'https://accounts.google.com',
      aud: GOOGLE_CLIENT,
      sub: `g-${randomUUID()}`,
      email,
      email_verified: true,
      name: 'Lucía Fernández',
    });
    const { result } = renderHook(() => useLoginWithGoogle(), { wrapper: dataWrapper(client) });
    await act(() => result.current.trigger({ credential, clientId: GOOGLE_CLIENT, selectBy: 'btn' }));
    expect(JSON.parse(api.received('auth/google').at(-1)!.body)).toEqual({
      credential,
      client_id: GOOGLE_CLIENT,
      select_by: 'btn',
    });
    expect(client.session.getSnapshot()).toMatchObject({ isAuthed: true, user: { email } });
    expect(client.session.getSnapshot().profile?.full_name).toBe('Lucía Fernández');
  });

  it('signs in with a Microsoft ID token; a refused token is an error, not a session end', async () => {
    const client = api.client();
    const onUnauthorized = vi.fn();
    client.setHandlers({ onUnauthorized });
    const tid = randomUUID();
    const { nonce } = await requestSignInNonce(client);
    const idToken = idp.token({
      nonce,
      iss: TEST_MICROSOFT_ISSUER.replace('{tenantid}', tid),
      aud: MICROSOFT_CLIENT,
      sub: randomUUID(),
      tid,
      oid: randomUUID(),
      email: `m-${randomUUID().slice(0, 8)}@contoso.example`,
      // Microsoft vouches for the address (without it, no account is made from it).
      xms_edov: true,
      name: 'Marta Gil',
    });
    const session = await loginWithMicrosoft(client, { idToken });
    expect(JSON.parse(api.received('auth/microsoft').at(-1)!.body)).toEqual({ id_token: idToken });
    expect(client.session.getSnapshot().jwt).toBe(session.jwt);

    const refused = await loginWithGoogle(client, {
      credential: 'not.a.token',
      client_id: GOOGLE_CLIENT,
    }).catch((error: ApiRequestError) => error);
    expect(refused).toMatchObject({ status: 401, code: 'provider_token_invalid', sessionExpired: false });
    expect(client.session.getSnapshot().jwt).toBe(session.jwt);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
