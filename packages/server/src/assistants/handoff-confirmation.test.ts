/**
 * A handoff address receives visitors' contacts only once confirmed (issue 29): a new address is
 * mailed a single-use link that expires; the link's page confirms only on POST; Resend mails it
 * again, rate-limited per assistant, for trainers of the assistant's institution only.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { HANDOFF_CONFIRMATIONS_PER_HOUR, HANDOFF_CONFIRMATION_TTL_DAYS } from '@conversa/contract/assistant';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, startSession } from '../testing/chat.fixtures';
import { assistants, jobs } from '../db/schema';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import {
  confirmHandoffEmail,
  createTestServer,
  handoffConfirmationToken,
  postHandoffConfirmation,
  signIn,
  type TestServer,
} from '../testing';
import { SEND_HANDOFF_CONFIRMATION } from './handoff-confirmation.job';
import { handoffTokenHash } from './handoff-confirmation.repo';

let server: TestServer;
let seq = 0;
beforeAll(async () => {
  server = await createTestServer({ captureLogs: true });
});
afterAll(() => server.close());

const address = () => `handoff-${++seq}-${Date.now()}@mail.example`;
const handoff = (email: string | null, hours: string | null = null) => ({
  name: 'Ana',
  email,
  phone: null,
  hours,
  message: null,
});

async function tenant(): Promise<Tenant> {
  return createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
}

const save = (t: Tenant, email: string | null, hours: string | null = null, token = t.owner.token) =>
  server.call<{ data: AssistantDetail; code?: string; message?: string }>(
    `/api/institution-product/${t.assistant.id}`,
    { method: 'PUT', token, institution: t.institution.id, json: { handoff: handoff(email, hours) } },
  );

const resend = (t: Tenant, token = t.owner.token, institution: number = t.institution.id) =>
  server.call<{ data?: { code: string; message: string }; code?: string; message?: string }>(
    `/api/institution-product/${t.assistant.id}/handoff/confirmation`,
    { method: 'POST', token, institution, locale: 'es' },
  );

const detail = async (t: Tenant) =>
  (
    await server.call<{ data: AssistantDetail }>(`/api/institution-product/${t.assistant.id}`, {
      token: t.owner.token,
      institution: t.institution.id,
    })
  ).body.data;

const mailsTo = async (email: string) =>
  (await server.mails()).filter((mail) => mail.to?.some((to) => to.address === email));

async function leaveContact(t: Tenant) {
  const session = await startSession(server, t);
  await ask(server, session, '¿Tenéis plazas para 3º de la ESO?');
  const left = await server.call(`/api/public/conversation/${session.conversation_id}/contact`, {
    method: 'POST',
    token: session.token,
    json: { name: 'Lucía', email: 'lucia@example.com', phone: '', message: 'Llamadme', consent: true },
  });
  expect(left.status).toBe(201);
  await server.jobs.idle();
  return session.conversation_id;
}

const contactMails = async (email: string) =>
  (await mailsTo(email)).filter((mail) => mail.subject === 'Un visitante quiere hablar con una persona');

describe('a new handoff address', () => {
  it('is mailed a confirmation link (a fixed subject), and is unconfirmed until the link is posted', async () => {
    const school = await tenant();
    const email = address();
    const saved = await save(school, email);
    expect(saved.status).toBe(200);
    expect(saved.body.data.handoff?.email).toBe(email);
    expect(saved.body.data.handoff_email_confirmed).toBe(false);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Confirma tu correo electrónico en Conversa');
    expect(mail?.text).toContain(school.assistant.product.name);
    expect(mail?.text).toContain(`${HANDOFF_CONFIRMATION_TTL_DAYS} días`);
    const token = await handoffConfirmationToken(server, email);
    // Only the token's SHA-256 is stored.
    const [row] = await server.database.db
      .select({ hash: assistants.handoffTokenHash, expires: assistants.handoffTokenExpiresAt })
      .from(assistants)
      .where(eq(assistants.id, school.assistant.id));
    expect(row?.hash).toBe(handoffTokenHash(token));
    expect(row?.hash).not.toContain(token);

    // Opening the link (a mail scanner does) shows a button and confirms nothing.
    const page = await server.request(`/confirm-handoff?token=${token}`, { locale: 'es' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/confirm-handoff">');
    expect(html).toContain('Confirmar esta dirección');
    expect((await detail(school)).handoff_email_confirmed).toBe(false);

    const confirmed = await postHandoffConfirmation(server, token, 'es');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Dirección confirmada');
    expect(confirmed.text).toContain(email);
    expect((await detail(school)).handoff_email_confirmed).toBe(true);

    // Single use.
    const again = await postHandoffConfirmation(server, token);
    expect(again.status).toBe(404);
    expect(again.text).toContain('This link no longer works');
  });

  it('refuses a link past its expiry, and one for an address the handoff no longer has', async () => {
    const school = await tenant();
    const first = address();
    await save(school, first);
    const expired = await handoffConfirmationToken(server, first);
    server.clock.advance(HANDOFF_CONFIRMATION_TTL_DAYS * 24 * 60 * 60 * 1000 + 1000);
    expect((await postHandoffConfirmation(server, expired)).status).toBe(404);
    school.owner.token = await signIn(server, school.owner.id); // the session ended meanwhile
    expect((await detail(school)).handoff_email_confirmed).toBe(false);

    // A fresh link, then the address changes: that link no longer confirms anything.
    expect((await resend(school)).status).toBe(200);
    const stale = await handoffConfirmationToken(server, first);
    await save(school, address());
    expect((await postHandoffConfirmation(server, stale)).status).toBe(404);
    expect((await detail(school)).handoff_email_confirmed).toBe(false);
    // A made-up or malformed token changes nothing either.
    expect((await postHandoffConfirmation(server, 'x'.repeat(43))).status).toBe(404);
    expect((await server.request('/confirm-handoff?token=nope')).status).toBe(404);
  });

  it('mails nothing for the address already saved or already confirmed', async () => {
    const school = await tenant();
    const email = address();
    await save(school, email);
    await save(school, email, '9-17');
    expect(await mailsTo(email)).toHaveLength(1);
    await confirmHandoffEmail(server, email);

    // Away and back to the confirmed address: confirmed again at once, no mail.
    const other = address();
    expect((await save(school, other)).body.data.handoff_email_confirmed).toBe(false);
    expect(await mailsTo(other)).toHaveLength(1);
    const back = await save(school, email);
    expect(back.body.data.handoff_email_confirmed).toBe(true);
    expect(await mailsTo(email)).toHaveLength(1);
    // No address at all: nothing to confirm, nothing mailed.
    const none = await save(school, null);
    expect(none.body.data.handoff_email_confirmed).toBe(false);
    expect(await mailsTo(other)).toHaveLength(1);
  });
});

describe('contact mails', () => {
  it('skip an unconfirmed address (the contact is kept, the log names no address) and go once it is confirmed', async () => {
    const school = await tenant();
    const email = address();
    await save(school, email);
    const first = await leaveContact(school);
    expect(await contactMails(email)).toEqual([]);
    const skipped = server.logs.filter((line) => line.includes('contact mail skipped'));
    expect(skipped.some((line) => line.includes(first))).toBe(true);
    expect(skipped.every((line) => !line.includes(email))).toBe(true);
    const listed = await server.call<{ data: { id: string }[] }>(
      `/api/institution-product/${school.assistant.id}/conversation?contact=true`,
      { token: school.owner.token, institution: school.institution.id },
    );
    expect(listed.body.data.map((row) => row.id)).toEqual([first]);

    await confirmHandoffEmail(server, email);
    const second = await leaveContact(school);
    const sent = await contactMails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(second);
  });
});

describe('POST institution-product/{id}/handoff/confirmation', () => {
  it('mails a new link (the old one stops working), and says so in the reader’s language', async () => {
    const school = await tenant();
    const email = address();
    await save(school, email);
    const old = await handoffConfirmationToken(server, email);
    const sent = await resend(school);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({
      code: 'handoff_confirmation_sent',
      message: 'Enviamos el enlace de confirmación al correo electrónico de derivación.',
    });
    expect(await mailsTo(email)).toHaveLength(2);
    const fresh = await handoffConfirmationToken(server, email);
    expect(fresh).not.toBe(old);
    expect((await postHandoffConfirmation(server, old)).status).toBe(404);
    expect((await postHandoffConfirmation(server, fresh)).status).toBe(200);

    // Confirmed, or no address: nothing to confirm.
    const done = await resend(school);
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('handoff_nothing_to_confirm');
    await save(school, null);
    expect((await resend(school)).status).toBe(409);
  });

  it(`allows ${HANDOFF_CONFIRMATIONS_PER_HOUR} confirmation mails an hour per assistant, saves included: then a translated 429`, async () => {
    const school = await tenant();
    const email = address();
    await save(school, email);
    for (let i = 1; i < HANDOFF_CONFIRMATIONS_PER_HOUR; i++) expect((await resend(school)).status).toBe(200);
    const limited = await resend(school);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(limited.body.message).toMatch(/^Demasiados intentos/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A save of another address is refused too, and saves nothing.
    const other = address();
    const refused = await save(school, other);
    expect(refused.status).toBe(429);
    expect((await detail(school)).handoff?.email).toBe(email);
    expect(await mailsTo(email)).toHaveLength(HANDOFF_CONFIRMATIONS_PER_HOUR);
    expect(await mailsTo(other)).toEqual([]);
    const queued = await server.database.db.$count(jobs, eq(jobs.kind, SEND_HANDOFF_CONFIRMATION));
    expect(queued).toBeGreaterThanOrEqual(HANDOFF_CONFIRMATIONS_PER_HOUR);

    // Another assistant has its own hour.
    const other2 = await tenant();
    await save(other2, address());
    expect((await resend(other2)).status).toBe(200);
    server.clock.advance(60 * 60 * 1000 + 1000);
    school.owner.token = await signIn(server, school.owner.id); // idle past its timeout meanwhile
    expect((await resend(school)).status).toBe(200);
  });

  it("is the assistant's trainers' only: another tenant is a 404, a role without trainer.manage a 403", async () => {
    const school = await tenant();
    const email = address();
    await save(school, email);
    const stranger = await tenant();
    expect((await resend(school, stranger.owner.token, stranger.institution.id)).status).toBe(404);
    expect((await resend(school, stranger.owner.token, school.institution.id)).status).toBe(404);
    const agent = await createMember(server, school.institution.id, 'admissions_agent');
    expect((await resend(school, agent.token)).status).toBe(403);
    expect((await save(school, address(), null, agent.token)).status).toBe(403);
    const trainer = await createMember(server, school.institution.id, 'communication');
    expect((await resend(school, trainer.token)).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});
