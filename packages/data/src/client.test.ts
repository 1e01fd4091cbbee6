import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSignedInUser } from '@conversa/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login } from './auth/login';
import { validateToken } from './auth/validate-token';
import { createDataClient } from './client';
import { listCountries } from './countries/list-countries';
import { type ApiRequestError, isApiRequestError } from './errors';
import { createInstitution } from './institutions/create-institution';
import { getInstitution } from './institutions/get-institution';
import { memoryStorage } from './session';
import { startApi, type TestApi } from './testing/api';
import { checkEmail } from './users/check-email';
import { logout } from './users/logout';
import { updateProfile } from './users/update-profile';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const last = (path: string, method?: string) => {
  const seen = api.received(path, method).at(-1);
  if (!seen) throw new Error(`the server received no ${method ?? ''} ${path}`);
  return seen;
};

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!isApiRequestError(error)) throw new Error(`expected an ApiRequestError, got ${String(error)}`);
  return error;
}

describe('request headers', () => {
  it('sends Accept-Language from the session, else from the browser languages', async () => {
    const client = api.client();
    await listCountries(client);
    expect(last('country').headers.get('accept-language')).toBe('en');
    expect(last('country').headers.get('authorization')).toBeNull();
    client.session.update({ locale: 'es' });
    const countries = await listCountries(client);
    expect(last('country').headers.get('accept-language')).toBe('es');
    expect(countries.find((country) => country.code === 'DE')?.name).toBe('Alemania');
  });

  it('sends the staff jwt, and prefers the guest token when there is one', async () => {
    const { client, user } = await api.signedIn();
    await listCountries(client);
    expect(last('country').headers.get('authorization')).toBe(`Bearer ${user.token}`);
    client.session.update({ guestJwt: 'guest.token.value' });
    await listCountries(client);
    expect(last('country').headers.get('authorization')).toBe('Bearer guest.token.value');
  });

  it('sends X-Institution-Id from the session, but not on the profile PUT', async () => {
    const { client, user } = await api.signedIn();
    const institution = await createInstitution(client, { name: 'Colegio Norte', kind: 'school' });
    expect(client.session.getSnapshot().institutionId).toBe(institution.id);
    await getInstitution(client, institution.id);
    expect(last(`institution/${institution.id}`, 'GET').headers.get('x-institution-id')).toBe(
      String(institution.id),
    );

    await updateProfile(client, { full_name: 'Ana Ruiz', locale: 'en' });
    const put = last(`user/${user.id}/profile`, 'PUT');
    expect(put.headers.get('x-institution-id')).toBeNull();
    expect(put.headers.get('authorization')).toBe(`Bearer ${user.token}`);
  });
});

describe('bodies and answers', () => {
  it('sends snake_case bodies, converting camelCase keys the app passes, and unwraps {data}', async () => {
    const { client, user } = await api.signedIn();
    const profile = await updateProfile(client, {
      fullName: 'Ana María Ruiz',
      firstName: 'Ana María',
      lastName: 'Ruiz',
      phoneNumber: '+34 612 345 678',
      country: 'ES',
      locale: 'es',
    });
    expect(JSON.parse(last(`user/${user.id}/profile`, 'PUT').body)).toEqual({
      full_name: 'Ana María Ruiz',
      first_name: 'Ana María',
      last_name: 'Ruiz',
      phone_number: '+34 612 345 678',
      country: 'ES',
      locale: 'es',
    });
    expect(profile).toMatchObject({ full_name: 'Ana María Ruiz', first_name: 'Ana María', locale: 'es' });
    expect(profile).not.toHaveProperty('data');
    // The answer replaces the stored profile, and its locale becomes the session's.
    expect(client.session.getSnapshot().profile).toEqual(profile);
    expect(client.session.getSnapshot().locale).toBe('es');
  });
});

describe('errors', () => {
  it('carry the server message, code and issues, in the session language', async () => {
    const onError = vi.fn();
    const client = api.client({ onError });
    client.session.update({ locale: 'es' });
    const error = await failure(checkEmail(client, { email: 'not-an-email' }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiRequestError',
      kind: 'http',
      status: 400,
      code: 'validation_failed',
    });
    expect(error.issues).toEqual([expect.objectContaining({ path: 'email', code: 'invalid_email' })]);
    const body = await api.server.call<{ message: string }>('/api/user/check-email', {
      json: { email: 'not-an-email' },
      locale: 'es',
    });
    expect(error.message).toBe(body.body.message);
    // A write's failure is its form's to show; handed to `report`, it reaches the app once.
    expect(onError).not.toHaveBeenCalled();
    client.report(error);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('are reported once per text within the window, again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const onError = vi.fn();
      const client = api.client({ onError, errorDedupeMs: 3000 });
      client.report(await failure(checkEmail(client, { email: 'bad' })));
      client.report(await failure(checkEmail(client, { email: 'also bad' })));
      // @ts-expect-error a route the table lacks does not compile; at run time it answers 404
      await failure(client.endpoint({ method: 'GET', path: '/no-such-thing' })); // reads report by themselves
      expect(onError.mock.calls.map(([error]) => (error as ApiRequestError).code)).toEqual([
        'validation_failed',
        'not_found',
      ]);
      vi.advanceTimersByTime(3000);
      client.report(await failure(checkEmail(client, { email: 'bad again' })));
      expect(onError).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without an answer carry the client message: network failure and timeout', async () => {
    const closed = await new Promise<Server>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const onError = vi.fn();
    const offline = createDataClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      storage: memoryStorage(),
      onError,
    });
    const network = await failure(listCountries(offline));
    expect(network).toMatchObject({ kind: 'network', status: 0, code: 'network_error' });
    expect(network.message).toBe((network.cause as Error).message);
    expect(network.message).not.toBe('');

    // A peer that accepts the connection and never answers.
    const sockets = new Set<Socket>();
    const silent = await new Promise<Server>((resolve) => {
      const server = createServer((socket) => void sockets.add(socket));
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const slow = createDataClient({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`,
        storage: memoryStorage(),
        timeout: 200,
        onError,
      });
      const timeout = await failure(listCountries(slow));
      expect(timeout).toMatchObject({ kind: 'timeout', status: 0, code: 'timeout' });
      expect(timeout.message).toMatch(/^Request timed out: GET http:\/\/127\.0\.0\.1:\d+\/api\/country$/);
      expect(onError.mock.calls.map(([error]) => (error as ApiRequestError).kind)).toEqual([
        'network',
        'timeout',
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('sign-in', () => {
  it('by another user empties the cache; the same user keeps it', async () => {
    const first = await createSignedInUser(api.server);
    const second = await createSignedInUser(api.server);
    const client = api.client();
    await login(client, { email: first.email, password: first.password });
    client.cache.set('["kept"]', { data: 1 });
    await login(client, { email: first.email, password: first.password });
    expect(client.cache.peek('["kept"]')).toEqual({ data: 1 });
    await login(client, { email: second.email, password: second.password });
    expect([...client.cache.keys()]).toEqual([]);
    expect(client.session.getSnapshot().user?.id).toBe(second.id);
  });
});

describe('401', () => {
  it('on a garbage token clears the session and calls onUnauthorized once, without an error report', async () => {
    const onUnauthorized = vi.fn();
    const onError = vi.fn();
    const client = api.client({ onUnauthorized, onError });
    client.session.update({ jwt: 'garbage', isAuthed: true, locale: 'es', institutionId: 4, guestJwt: null });
    client.cache.set('["cached"]', { data: 'x' });
    const errors = await Promise.all([
      failure(validateToken(client)),
      failure(validateToken(client)),
      failure(getInstitution(client, 4)),
    ]);
    expect(errors.map((error) => error.status)).toEqual([401, 401, 401]);
    expect(errors.every((error) => error.sessionExpired)).toBe(true);
    expect(client.session.getSnapshot()).toMatchObject({
      jwt: null,
      guestJwt: null,
      isAuthed: false,
      locale: null,
      institutionId: null,
      user: null,
      profile: null,
    });
    expect([...client.cache.keys()]).toEqual([]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ status: 401, code: 'session_invalid' });
    expect(onError).not.toHaveBeenCalled();
    client.report(errors[0]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('on a revoked token (signed out elsewhere) ends the session', async () => {
    const { client, user } = await api.signedIn();
    const onUnauthorized = vi.fn();
    client.setHandlers({ onUnauthorized });
    const elsewhere = api.client();
    elsewhere.session.update({ jwt: user.token });
    await logout(elsewhere);
    expect(elsewhere.session.getSnapshot().jwt).toBeNull();
    expect(last('user/logout').headers.get('authorization')).toBe(`Bearer ${user.token}`);

    expect((await failure(validateToken(client))).status).toBe(401);
    expect(client.session.getSnapshot().isAuthed).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('for wrong credentials is an error to show, not the end of a session', async () => {
    const user = await createSignedInUser(api.server);
    const onUnauthorized = vi.fn();
    const onError = vi.fn();
    const client = api.client({ onUnauthorized, onError });
    client.session.update({ guestJwt: 'a.guest.token' });
    const error = await failure(login(client, { email: user.email, password: 'Wrong-passw0rd' }));
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', sessionExpired: false });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled(); // the login form shows it in place
    expect(client.session.getSnapshot().guestJwt).toBe('a.guest.token');

    const session = await login(client, { email: user.email, password: user.password });
    expect(client.session.getSnapshot()).toMatchObject({ jwt: session.jwt, isAuthed: true, guestJwt: null });
  });
});
