/**
 * A visitor who wants a person leaves a contact (`POST public/conversation/{id}/contact`): checked
 * (consent, an e-mail or a phone, the phone read with the institution's country), stored on the
 * conversation, mailed to the handoff contact through the job queue, and rate-limited.
 */
import type { Contact, ConversationListItem } from '@conversa/contract/conversation';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, startSession, updateAssistant } from '../testing/chat.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { CONTACTS_PER_CONVERSATION } from '../rate-limit/limits';
import { confirmHandoffEmail, createTestServer, type TestServer } from '../testing';

let server: TestServer;
let school: Tenant;
const HANDOFF_EMAIL = 'admisiones@colegio.example';

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
  await updateAssistant(server, school, {
    handoff: { name: 'Ana', email: HANDOFF_EMAIL, phone: null, hours: null, message: null },
  });
  // Contact mails go only to a confirmed address (handoff-confirmation.test.ts).
  await confirmHandoffEmail(server, HANDOFF_EMAIL);
});
afterAll(() => server.close());

async function visitor() {
  const session = await startSession(server, school);
  await ask(server, session, '¿Tenéis plazas para 3º de la ESO?');
  return session;
}

const leave = (
  session: { conversation_id: string; token: string },
  json: unknown,
  { locale = 'es', ip = '203.0.113.9' } = {},
) =>
  server.call<{ data?: Contact; issues?: { path: string; code: string; message: string }[] }>(
    `/api/public/conversation/${session.conversation_id}/contact`,
    { method: 'POST', token: session.token, json, locale, ip },
  );

describe('POST public/conversation/{id}/contact', () => {
  it('stores the contact (a local phone read with the institution country) and mails the handoff contact', async () => {
    const session = await visitor();
    const { status, body } = await leave(session, {
      name: ' Lucía Gómez ',
      email: '',
      phone: '612 345 678',
      message: 'Llamadme por la tarde',
      consent: true,
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      name: 'Lucía Gómez',
      email: null,
      phone: '+34612345678',
      message: 'Llamadme por la tarde',
    });

    await server.jobs.idle();
    const mail = await server.lastMailTo(HANDOFF_EMAIL);
    // The subject is ours alone: no name a user chose (the assistant's is in the body).
    expect(mail?.subject).toBe('Un visitante quiere hablar con una persona');
    expect(mail?.text).toContain(school.assistant.product.name);
    expect(mail?.text).toContain('+34612345678');
    expect(mail?.text).toContain('¿Tenéis plazas para 3º de la ESO?');
    expect(mail?.text).toContain(
      `${server.config.publicUrl}/pre-sales/dashboard/${school.assistant.id}/conversation/${session.conversation_id}`,
    );

    const list = await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation?contact=true`,
      { token: school.owner.token, institution: school.institution.id },
    );
    expect(list.body.data.map((row) => row.id)).toEqual([session.conversation_id]);
    expect(list.body.data[0]?.contact?.phone).toBe('+34612345678');
  });

  it('refuses without consent, without an e-mail or phone, and with a phone that is no number', async () => {
    const session = await visitor();
    const cases: [unknown, string, string][] = [
      [{ name: 'Lucía', email: 'l@example.com', consent: false }, 'consent', 'consent_required'],
      [{ name: 'Lucía', email: '', phone: '', consent: true }, 'email', 'email_or_phone_required'],
      [{ name: 'Lucía', phone: '12', consent: true }, 'phone', 'invalid_phone'],
      [{ name: '', email: 'l@example.com', consent: true }, 'name', 'required'],
      [{ name: 'Lucía', email: 'not-an-address', consent: true }, 'email', 'invalid_email'],
    ];
    for (const [json, path, code] of cases) {
      const { status, body } = await leave(session, json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.issues?.find((issue) => issue.path === path)?.code, JSON.stringify(json)).toBe(code);
    }
    const { body } = await leave(session, { name: 'Lucía', consent: true }, { locale: 'en' });
    expect(body.issues?.[0]?.message).toBe('Give an email address or a phone number.');
  });

  it('takes a few corrections, then answers 429', async () => {
    const session = await visitor();
    const json = { name: 'Pablo', email: 'pablo@example.com', consent: true };
    for (let i = 0; i < CONTACTS_PER_CONVERSATION; i += 1)
      expect((await leave(session, json)).status).toBe(201);
    expect((await leave(session, json)).status).toBe(429);
  });

  it('never fails on any body: a 201 only for a valid contact, else a 400', async () => {
    let run = 0;
    const value = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.constant('+34612345678'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { name: value, email: value, phone: value, message: value, consent: value },
          { requiredKeys: [] },
        ),
        async (json) => {
          const fresh = await startSession(server, school);
          run += 1;
          const { status } = await leave(fresh, json, { ip: `198.51.100.${run}` });
          expect([201, 400]).toContain(status);
        },
      ),
      { numRuns: 25 },
    );
  });
});
