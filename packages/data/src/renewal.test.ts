import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateToken } from './auth/validate-token';
import { type ApiRequestError, isApiRequestError } from './errors';
import { startApi, type TestApi } from './testing/api';
import { listUserInstitutions } from './users/list-user-institutions';

const MINUTE = 60_000;

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('staff token renewal against the real server', () => {
  it('renews the token past half its life, so a console in use outlives its first token', async () => {
    const ended: ApiRequestError[] = [];
    const { client, user } = await api.signedIn({
      now: () => api.server.clock.now().getTime(),
      onUnauthorized: (error) => ended.push(error),
    });
    const first = client.session.getSnapshot().jwt!;

    api.server.clock.advance(20 * MINUTE);
    await listUserInstitutions(client, user.id);
    expect(api.received('auth/renew')).toHaveLength(0);

    api.server.clock.advance(15 * MINUTE);
    // Two calls at once: one renewal.
    await Promise.all([listUserInstitutions(client, user.id), validateToken(client)]);
    expect(api.received('auth/renew')).toHaveLength(1);
    expect(api.received('auth/renew')[0]!.headers.get('authorization')).toBe(`Bearer ${first}`);
    const second = client.session.getSnapshot().jwt!;
    expect(second).not.toBe(first);
    expect(api.received(`user/${user.id}/institution`).at(-1)!.headers.get('authorization')).toBe(
      `Bearer ${second}`,
    );

    // Past the first token's hour: the console still works.
    api.server.clock.advance(29 * MINUTE);
    await validateToken(client);
    api.server.clock.advance(29 * MINUTE);
    await listUserInstitutions(client, user.id);
    expect(api.received('auth/renew').length).toBeGreaterThanOrEqual(2);
    expect(ended).toHaveLength(0);
  });

  it('ends the session of a console left idle with the server answer session_expired', async () => {
    const ended: ApiRequestError[] = [];
    const { client, user } = await api.signedIn({
      now: () => api.server.clock.now().getTime(),
      onUnauthorized: (error) => ended.push(error),
    });
    api.server.clock.advance(31 * MINUTE);
    const error = await listUserInstitutions(client, user.id).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isApiRequestError(error) && error.code).toBe('session_expired');
    expect(ended.map((e) => e.code)).toEqual(['session_expired']);
    expect(client.session.getSnapshot().jwt).toBeNull();
  });
});
