import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, passwordResets } from '../db/schema';
import { backoffMs } from '../jobs/queue';
import { createTenant } from '../testing/institutions.fixtures';
import { createTestServer, createUser, postHandoffConfirmation, type TestServer } from '../testing';

interface Delivery {
  from: string;
  to: string[];
  mail: Email;
}

const deliveries: Delivery[] = [];
const refused = new Set<string>();
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  // A real SMTP peer on loopback, plain text (no STARTTLS, no AUTH), like a local relay.
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) callback(new Error('550 mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            deliveries.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              mail,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await createTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: 'Conversa <hello@conversa.test>' },
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const deliveredTo = (address: string) => deliveries.filter((d) => d.to.includes(address));

describe('mail through SMTP_URL', () => {
  it('delivers the sign-up code to the SMTP peer, and that code creates the account', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const registered = await server.call('/api/user/register-by-email', { json: { email, locale: 'es' } });
    expect(registered.status).toBe(200);

    const [delivery] = deliveredTo(email);
    expect(delivery?.from).toBe('hello@conversa.test');
    expect(delivery?.mail.subject).toBe('Tu código de verificación de Conversa');
    expect(delivery?.mail.html).toContain('lang="es"');
    const code = /\b(\d{6})\b/.exec(delivery?.mail.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(await server.mails()).toEqual([]); // nothing went to the outbox

    const created = await server.call<{ data: { user: { email: string } } }>('/api/user/create-password', {
      json: { email, code, password: 'Smtp0Password' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.user.email).toBe(email);
  });

  it('delivers the reset link', async () => {
    const user = await createUser(server);
    expect(
      (await server.call('/api/user/password/request-reset', { json: { email: user.email } })).status,
    ).toBe(200);
    await server.jobs.idle();
    const [delivery] = deliveredTo(user.email);
    expect(delivery?.mail.text).toMatch(/http:\/\/conversa\.test\/reset-password\?token=[\w-]{43}/);
  });

  it('delivers the handoff confirmation link, which confirms the address', async () => {
    const school = await createTenant(server, { kind: 'school', country: 'MX' });
    const email = `handoff-${Date.now()}@example.com`;
    const saved = await server.call(`/api/institution-product/${school.assistant.id}`, {
      method: 'PUT',
      token: school.owner.token,
      institution: school.institution.id,
      json: { handoff: { name: 'Ana', email, phone: null, hours: null, message: null } },
    });
    expect(saved.status).toBe(200);
    await server.jobs.idle();
    const [delivery, ...more] = deliveredTo(email);
    expect(more).toEqual([]);
    expect(delivery?.mail.subject).toBe('Confirma tu correo electrónico en Conversa');
    const token = /\/confirm-handoff\?token=([\w-]{43})/.exec(delivery?.mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await postHandoffConfirmation(server, token!)).status).toBe(200);
    const detail = await server.call<{ data: { handoff_email_confirmed: boolean } }>(
      `/api/institution-product/${school.assistant.id}`,
      { token: school.owner.token, institution: school.institution.id },
    );
    expect(detail.body.data.handoff_email_confirmed).toBe(true);
  });

  it('answers a reset request even when the peer refuses the mail, and the job retries it', async () => {
    const user = await createUser(server);
    refused.add(user.email);
    const asked = await server.call('/api/user/password/request-reset', { json: { email: user.email } });
    expect(asked.status).toBe(200);
    await server.jobs.idle();
    expect(deliveredTo(user.email)).toHaveLength(0);
    const [waiting] = await server.database.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    expect(waiting?.attempts).toBe(1);
    // No link of the refused mail is left behind.
    expect(await server.database.db.$count(passwordResets, eq(passwordResets.userId, user.id))).toBe(0);

    refused.delete(user.email);
    server.clock.advance(backoffMs(1) + 1000);
    server.jobs.wake();
    await server.jobs.idle();
    const [delivery] = deliveredTo(user.email);
    const token = /reset-password\?token=([\w-]{43})/.exec(delivery?.mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await server.call('/api/user/password/reset', {
      json: { verification_token: token, password: 'R3setPassword' },
    });
    expect(reset.status).toBe(200);
  });

  it('keeps no code when the peer refuses the mail, so the user can ask again at once', async () => {
    const email = `refused-${Date.now()}@example.com`;
    refused.add(email);
    const failed = await server.call<{ code: string }>('/api/user/register-by-email', { json: { email } });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('internal_error');
    refused.delete(email);
    expect((await server.call('/api/user/register-by-email', { json: { email } })).status).toBe(200);
    expect(deliveredTo(email)).toHaveLength(1);
  });
});
