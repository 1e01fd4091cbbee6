import { FILE_EVENT } from '@conversa/contract/knowledge';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../events/event-bus';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { eventually, openEvents, uploadFiles } from '../testing/files.fixtures';
import { fileTopic } from './files.service';

let server: TestServer;
let baseUrl: string;
let school: Tenant;
let other: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.listen();
  school = await createTenant(server, { name: 'Events School', kind: 'school' });
  other = await createTenant(server, { name: 'Events Other', kind: 'business' });
});
afterAll(() => server.close());

const eventsPath = (tenant: Tenant) => `/api/institution-product/${tenant.assistant.id}/events`;
/** Open streams' listeners (the job runner's own subscription is not one). */
const streamListeners = () =>
  server.events.listenerCount(fileTopic(school.assistant.id)) +
  server.events.listenerCount(fileTopic(other.assistant.id));

describe('GET /api/institution-product/{id}/events', () => {
  it('pushes processing then ready for an uploaded PDF, then its deletion, without polling', async () => {
    const stream = await openEvents(baseUrl, school);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    await eventually(() => server.events.listenerCount(fileTopic(school.assistant.id)) === 1);

    const pdf = readFixture('documents', 'latin_diacritics_1page.pdf');
    const { status, body } = await uploadFiles(server, school, [{ name: 'brochure.pdf', bytes: pdf }]);
    expect(status).toBe(201);
    const id = body.data[0]!.id;
    const ready = await stream.waitFor((event) => event.id === id && event.state === 'ready');
    expect(ready).toMatchObject({ name: 'brochure.pdf', type: 'pdf', size: pdf.length, reason: null });
    const states = stream.events.filter((e) => e.data.id === id).map((e) => [e.event, e.data.state]);
    expect(states).toEqual([
      [FILE_EVENT, 'processing'],
      [FILE_EVENT, 'ready'],
    ]);

    const removed = await server.call(`/api/institution-product/${school.assistant.id}/file/delete`, {
      token: school.owner.token,
      institution: school.institution.id,
      json: { ids: [id] },
    });
    expect(removed.status).toBe(200);
    expect(await stream.waitFor((event) => event.id === id && event.deleted === true)).toMatchObject({
      name: 'brochure.pdf',
    });
    expect(stream.comments).toContain('connected');
    await stream.close();
  });

  it("shows only its own assistant's events, and stops listening when the client goes away", async () => {
    const topic = fileTopic(school.assistant.id);
    const streams = await Promise.all([openEvents(baseUrl, school), openEvents(baseUrl, school)]);
    const foreign = await openEvents(baseUrl, other);
    await eventually(() => server.events.listenerCount(topic) === 2);
    await uploadFiles(server, other, [{ name: 'other.txt', bytes: 'Another tenant.' }]);
    await uploadFiles(server, school, [{ name: 'mine.txt', bytes: 'Ours.' }]);
    for (const stream of streams)
      await stream.waitFor((event) => event.name === 'mine.txt' && event.state === 'ready');
    await foreign.waitFor((event) => event.name === 'other.txt' && event.state === 'ready');
    for (const stream of streams) expect(stream.events.some((e) => e.data.name === 'other.txt')).toBe(false);
    expect(foreign.events.some((e) => e.data.name === 'mine.txt')).toBe(false);

    for (const stream of [...streams, foreign]) await stream.close();
    await eventually(() => streamListeners() === 0);
    await server.jobs.idle();
  });

  it('lets read-only members follow; refuses other tenants (404) and chat visitors (403)', async () => {
    const reader = await createMember(server, school.institution.id, 'admissions_agent');
    const asReader = await openEvents(baseUrl, school, reader.token);
    expect(asReader.response.status).toBe(200);
    await asReader.close();

    for (const institution of [other.institution.id, school.institution.id, null]) {
      const { status } = await server.call(eventsPath(school), { token: other.owner.token, institution });
      expect(status, `header ${institution}`).toBe(404);
    }
    const guest = await guestToken(server, school.assistant.id);
    const { status, body } = await server.call(eventsPath(school), {
      token: guest,
      institution: school.institution.id,
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'guest_forbidden' });
    expect((await server.call(eventsPath(school))).status).toBe(401);
    await eventually(() => streamListeners() === 0);
  });

  it('delivers events published by another server process (PostgreSQL relays them)', async () => {
    const stream = await openEvents(baseUrl, school);
    await eventually(() => server.events.listenerCount(fileTopic(school.assistant.id)) === 1);
    // Another process on the same database: its own bus, publishing what its job runner did.
    const location = server.location;
    const elsewhere = await createEventBus({
      logger: pino({ level: 'silent' }),
      postgresUrl: location.kind === 'postgres' ? location.url : null,
    });
    const event = {
      id: 424242,
      name: 'remote.pdf',
      type: 'pdf',
      size: 1,
      state: 'ready',
      reason: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    elsewhere.publish(fileTopic(school.assistant.id), event);
    if (location.kind === 'postgres') {
      expect(await stream.waitFor((e) => e.id === 424242)).toEqual(event);
    } else {
      // PGlite: one process owns the database, so there is no other process to hear from.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.some((e) => e.data.id === 424242)).toBe(false);
    }
    await elsewhere.close();
    await stream.close();
  });

  it('ends open streams when the server shuts down, so they do not hold it open', async () => {
    const own = await createTestServer({ runJobs: false });
    const url = await own.listen();
    const tenant = await createTenant(own, { name: 'Closing School', kind: 'school' });
    const stream = await openEvents(url, tenant);
    await eventually(() => own.events.listenerCount(fileTopic(tenant.assistant.id)) === 1);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await stream.close();
  });
});
