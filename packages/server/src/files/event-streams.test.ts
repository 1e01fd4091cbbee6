import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, signIn, type TestServer } from '../testing';
import { eventually, openEvents } from '../testing/files.fixtures';
import { fileTopic } from './files.service';

/** Resolves true when the promise settles within `ms`, false otherwise. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('open event streams per user', () => {
  let server: TestServer;
  let baseUrl: string;
  let school: Tenant;
  beforeAll(async () => {
    server = await createTestServer();
    baseUrl = await server.listen();
    school = await createTenant(server, { name: 'Streams School', kind: 'school' });
  });
  afterAll(() => server.close());

  it('opens at most 10 at once, even when asked for together; the 11th is a translated 429 with Retry-After', async () => {
    const streams = await Promise.all(Array.from({ length: 14 }, () => openEvents(baseUrl, school)));
    const open = streams.filter((stream) => stream.response.status === 200);
    const refused = streams.filter((stream) => stream.response.status !== 200);
    expect(open).toHaveLength(10);
    expect(refused).toHaveLength(4);
    for (const stream of refused) {
      expect(stream.response.status).toBe(429);
      expect(Number(stream.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const eventsPath = `/api/institution-product/${school.assistant.id}/events`;
    for (const [locale, text] of [
      ['es', /conexiones/],
      ['en', /connections/],
    ] as const) {
      const { status, body } = await server.call(eventsPath, {
        token: school.owner.token,
        institution: school.institution.id,
        locale,
      });
      expect(status).toBe(429);
      expect(body).toEqual({ message: expect.stringMatching(text), code: 'too_many_streams' });
    }

    // Another user of the same institution has a budget of their own.
    const colleague = await createMember(server, school.institution.id, 'admissions_agent');
    const theirs = await openEvents(baseUrl, school, colleague.token);
    expect(theirs.response.status).toBe(200);
    await theirs.close();

    // A closed stream frees its place.
    await open[0]!.close();
    await eventually(async () => {
      const again = await openEvents(baseUrl, school);
      if (again.response.status === 200) {
        open[0] = again;
        return true;
      }
      return false;
    });
    for (const stream of open) await stream.close();
    await eventually(() => server.events.listenerCount(fileTopic(school.assistant.id)) === 0);
  });
});

describe('a stream that outlives its session or its lifetime', () => {
  let server: TestServer;
  let baseUrl: string;
  let school: Tenant;
  beforeAll(async () => {
    server = await createTestServer({ env: { SSE_HEARTBEAT_MS: '100', SSE_MAX_AGE_MS: '3000' } });
    baseUrl = await server.listen();
    school = await createTenant(server, { name: 'Lifetime School', kind: 'school' });
  });
  afterAll(() => server.close());

  it('ends at its maximum lifetime (the client connects again)', async () => {
    const stream = await openEvents(baseUrl, school);
    expect(stream.response.status).toBe(200);
    expect(await settlesWithin(stream.ended, 1_000)).toBe(false);
    expect(await settlesWithin(stream.ended, 8_000)).toBe(true);
    await eventually(() => server.events.listenerCount(fileTopic(school.assistant.id)) === 0);
  });

  it('ends at the next heartbeat after its session is logged out', async () => {
    const token = await signIn(server, school.owner.id);
    const stream = await openEvents(baseUrl, school, token);
    expect(stream.response.status).toBe(200);
    const { status } = await server.call('/api/user/logout', { method: 'POST', token });
    expect(status).toBe(200);
    expect(await settlesWithin(stream.ended, 1_500)).toBe(true);
  });

  it('ends at the next heartbeat once its session idles out: heartbeats are not activity', async () => {
    const token = await signIn(server, school.owner.id);
    const stream = await openEvents(baseUrl, school, token);
    expect(stream.response.status).toBe(200);
    server.clock.advance(20 * 60_000);
    // Heartbeats run meanwhile; were they activity, the session would now count from here.
    expect(await settlesWithin(stream.ended, 400)).toBe(false);
    server.clock.advance(11 * 60_000);
    expect(await settlesWithin(stream.ended, 1_500)).toBe(true);
    // The owner's own session idled out too: the next tests sign in again.
    school.owner.token = await signIn(server, school.owner.id);
  });

  it('ends at the next heartbeat after its member is removed from the institution', async () => {
    const member = await createMember(server, school.institution.id, 'admissions_agent');
    const stream = await openEvents(baseUrl, school, member.token);
    expect(stream.response.status).toBe(200);
    const kept = await openEvents(baseUrl, school);
    expect(await settlesWithin(stream.ended, 500)).toBe(false);
    const { status } = await server.call(`/api/institution/${school.institution.id}/member/delete`, {
      method: 'POST',
      json: { ids: [member.id] },
      token: school.owner.token,
    });
    expect(status).toBe(200);
    // The session itself lives on (the member may belong elsewhere); the stream of this institution ends.
    expect(await settlesWithin(stream.ended, 1_500)).toBe(true);
    expect(await settlesWithin(kept.ended, 500)).toBe(false);
    await kept.close();
  });

  it('ends when a password change revokes the session', async () => {
    const other = await signIn(server, school.owner.id);
    const stream = await openEvents(baseUrl, school, other);
    const kept = await openEvents(baseUrl, school);
    const { status } = await server.call('/api/user/change-password', {
      json: { current_password: school.owner.password, new_password: 'Chang3dPass' },
      token: school.owner.token,
    });
    expect(status).toBe(200);
    expect(await settlesWithin(stream.ended, 1_500)).toBe(true);
    // The session that changed the password stays signed in, and its stream stays open.
    expect(await settlesWithin(kept.ended, 500)).toBe(false);
    await kept.close();
  });
});
