/**
 * Invitations through HTTP (PGlite and PostgreSQL): the mailed link, sign-up through it, an address
 * proved by a mailed code before joining, single use, expiry, revocation, resend replacing the
 * link, the daily cap per sender, other tenants, roles and guests, audit entries.
 */
import { INVITATION_TTL_DAYS, type Invitation } from '@conversa/contract/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, rateEvents } from '../db/schema';
import { invitations } from '../db/team-schema';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { invitationUserLimit } from '../rate-limit/limits';
import { createSignedInUser, createTestServer, signIn, type TestServer } from '../testing';
import { type Answer, freshEmail as fresh, teamApi } from '../testing/team.fixtures';

const INVITATIONS_DAY_MS = 24 * 60 * 60_000;

let server: TestServer;
let acme: Tenant;
let other: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  acme = await createTenant(server, { name: 'Acme School', kind: 'school' });
  other = await createTenant(server, { name: 'Other School', kind: 'school' });
});
afterAll(() => server.close());

const { as, call, members, invite, linkTo } = teamApi(
  () => server,
  () => acme,
);

describe('invitations', () => {
  it('mails a single-use link: a newcomer signs up through it and joins with the role', async () => {
    const email = fresh();
    const created = await invite(email.toUpperCase(), 'admissions_agent');
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, role: 'admissions_agent', state: 'pending' });
    const days = (Date.parse(created.body.data.expires_at) - server.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(INVITATION_TTL_DAYS, 3);
    const token = await linkTo(email);
    const mail = await server.lastMailTo(email);
    // The subject names no institution (a name anyone may choose); the body does.
    expect(mail?.subject).toBe('You are invited to a team on Conversa');
    expect(mail?.text).toContain('Acme School');
    expect(mail?.text).toContain('as admissions agent');
    const [stored] = await server.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(stored?.tokenHash).not.toContain(token);

    const preview = await server.call<Answer<unknown>>(`/api/invitation/${token}`);
    expect(preview.body.data).toEqual({
      institution_name: 'Acme School',
      role: 'admissions_agent',
      email,
      has_account: false,
      state: 'pending',
    });
    const listed = (
      await call<Invitation[]>(`institution/${acme.institution.id}/invitation`, acme.owner.token)
    ).body.data;
    expect(listed.some((row) => row.email === email)).toBe(true);

    // The usual sign-up: the code mailed, then the password; then the invitation is accepted.
    expect(
      (await server.call('/api/user/register-by-email', { json: { email }, ip: '198.51.100.40' })).status,
    ).toBe(200);
    const code = /\b(\d{6})\b/.exec((await server.lastMailTo(email))?.text ?? '')![1];
    const account = await server.call<Answer<{ jwt: string; user: { id: number } }>>(
      '/api/user/create-password',
      {
        json: { email, code, password: 'N3wPassword' },
      },
    );
    expect(account.status).toBe(200);
    const jwt = account.body.data.jwt;
    const accepted = await server.call<Answer<unknown>>(`/api/invitation/${token}/accept`, {
      method: 'POST',
      token: jwt,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ institution_id: acme.institution.id, role: 'admissions_agent' });
    // The session lands in the institution joined, with the role's rights there.
    const session = await server.call<Answer<{ institution_id: number; roles: string[] }>>(
      '/api/auth/validate-token',
      {
        method: 'POST',
        token: jwt,
      },
    );
    expect(session.body.data).toMatchObject({
      institution_id: acme.institution.id,
      roles: ['admissions_agent'],
    });
    expect((await call(`institution/${acme.institution.id}`, jwt)).status).toBe(200);
    expect((await call(`institution/${acme.institution.id}/member`, jwt)).status).toBe(403);

    // Used: the page explains, a second use is refused, and it leaves the pending list.
    expect((await server.call<Answer<{ state: string }>>(`/api/invitation/${token}`)).body.data.state).toBe(
      'accepted',
    );
    const again = await server.call<Answer<unknown>>(`/api/invitation/${token}/accept`, {
      method: 'POST',
      token: jwt,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invitation_unusable');
    const pending = (
      await call<Invitation[]>(`institution/${acme.institution.id}/invitation`, acme.owner.token)
    ).body.data;
    expect(pending.some((row) => row.email === email)).toBe(false);
    const joined = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member_joined'));
    expect(joined.some((event) => event.institutionId === acme.institution.id)).toBe(true);
  });

  it('lets an existing account join only when signed in as the invited address', async () => {
    const invitee = await createSignedInUser(server, { locale: 'es' });
    const stranger = await createSignedInUser(server);
    await invite(invitee.email, 'communication');
    const token = await linkTo(invitee.email);
    // Mailed in the invitee's own language.
    expect((await server.lastMailTo(invitee.email))?.subject).toBe('Te invitan a un equipo en Conversa');
    expect(
      (await server.call<Answer<{ has_account: boolean }>>(`/api/invitation/${token}`)).body.data.has_account,
    ).toBe(true);
    const wrong = await server.call<Answer<unknown>>(`/api/invitation/${token}/accept`, {
      method: 'POST',
      token: stranger.token,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('invitation_other_email');
    const guest = await guestToken(server, acme.assistant.id);
    expect(
      (await server.call(`/api/invitation/${token}/accept`, { method: 'POST', token: guest })).status,
    ).toBe(403);
    expect((await server.call(`/api/invitation/${token}/accept`, { method: 'POST' })).status).toBe(401);
    const accepted = await server.call(`/api/invitation/${token}/accept`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(accepted.status).toBe(200);
    expect((await members()).find((row) => row.user_id === invitee.id)?.role).toBe('communication');
  });

  it('lets an account whose address was never proved join only after the code mailed to it', async () => {
    const invitee = await createSignedInUser(server, { locale: 'es', emailVerified: false });
    await invite(invitee.email, 'admissions_agent');
    const token = await linkTo(invitee.email);
    const accept = () =>
      server.call<Answer<unknown>>(`/api/invitation/${token}/accept`, {
        method: 'POST',
        token: invitee.token,
        headers: { 'accept-language': 'es' },
      });
    const verify = (code: string, as = invitee.token) =>
      server.call<Answer<unknown>>('/api/user/verify-email', { method: 'POST', token: as, json: { code } });

    const refused = await accept();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'email_unverified',
      message: 'Primero confirma tu dirección de correo: te enviamos un código.',
    });
    expect((await members()).some((row) => row.user_id === invitee.id)).toBe(false);
    const mail = await server.lastMailTo(invitee.email);
    expect(mail?.subject).toBe('Tu código de verificación de Conversa');
    expect(mail?.text).toContain('confirmar tu dirección de correo');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // Asking again within the cooldown mails nothing new, and still refuses.
    const mailsTo = async () =>
      (await server.mails()).filter((sent) => sent.to?.some((to) => to.address === invitee.email)).length;
    const mailsBefore = await mailsTo();
    expect((await accept()).body.code).toBe('email_unverified');
    expect(await mailsTo()).toBe(mailsBefore);

    // A wrong code, another account's attempt and a sign-up with the code all fail.
    const wrong = await verify(code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_verification_code');
    const stranger = await createSignedInUser(server, { emailVerified: false });
    expect((await verify(code!, stranger.token)).status).toBe(400);
    const signUp = await server.call<Answer<unknown>>('/api/user/create-password', {
      method: 'POST',
      json: { email: invitee.email, code, password: 'a long enough password 1' },
    });
    expect(signUp.status).toBe(400);
    expect((await accept()).status).toBe(403);

    const verified = await verify(code!);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ code: 'email_verified' });
    // Once proved, the address needs no code.
    expect((await verify(code!)).status).toBe(200);
    const joined = await accept();
    expect(joined.status).toBe(200);
    expect((await members()).find((row) => row.user_id === invitee.id)?.role).toBe('admissions_agent');
    const [proved] = await server.database.db
      .select({ userId: auditEvents.userId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'email_verified'));
    expect(proved?.userId).toBe(invitee.id);
  });

  it('refuses inviting a member, or an address already invited; only a main member invites a main', async () => {
    const member = await createMember(server, acme.institution.id, 'admissions');
    const taken = await invite(member.email, 'admissions_agent');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('already_member');
    const email = fresh();
    expect((await invite(email, 'admissions')).status).toBe(201);
    const twice = await invite(email, 'communication');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('already_invited');
    const staff = await createMember(server, acme.institution.id, 'admin-staff');
    expect((await invite(fresh(), 'main', staff.token)).status).toBe(403);
    expect((await invite(fresh(), 'admissions_agent', staff.token)).status).toBe(201);
    const agent = await createMember(server, acme.institution.id, 'admissions_agent');
    expect((await invite(fresh(), 'admissions_agent', agent.token)).status).toBe(403);
    const bad = await invite('not an address', 'admissions');
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]).toMatchObject({ path: 'email', code: 'invalid_email' });
  });

  it('expires after the days stated, and a resend mails a new link (the old one stops working)', async () => {
    const email = fresh();
    const created = (await invite(email, 'admissions_agent')).body.data;
    const first = await linkTo(email);
    // Seven days on (set on the row: the staff tokens of this file would expire with a moved clock).
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(server.clock.now().getTime() - 60_000) })
      .where(eq(invitations.id, created.id));
    expect((await server.call<Answer<{ state: string }>>(`/api/invitation/${first}`)).body.data.state).toBe(
      'expired',
    );
    const invitee = await createSignedInUser(server, { email });
    const late = await server.call<Answer<unknown>>(`/api/invitation/${first}/accept`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(late.status).toBe(409);
    const listed = (
      await call<Invitation[]>(`institution/${acme.institution.id}/invitation`, acme.owner.token)
    ).body.data;
    expect(listed.find((row) => row.id === created.id)?.state).toBe('expired');

    const resent = await call<Invitation>(`invitation/${created.id}/resend`, acme.owner.token, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    expect(resent.body.data.state).toBe('pending');
    const second = await linkTo(email);
    expect(second).not.toBe(first);
    expect((await server.call(`/api/invitation/${first}`)).status).toBe(404);
    const joined = await server.call(`/api/invitation/${second}/accept`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(joined.status).toBe(200);
  });

  it('revokes invitations all or none; a revoked link explains itself and cannot be used', async () => {
    const email = fresh();
    const created = (await invite(email, 'admissions')).body.data;
    const token = await linkTo(email);
    const revoke = (ids: number[], token2 = acme.owner.token, institution = acme.institution.id) =>
      server.call<Answer<unknown>>('/api/invitation/delete', {
        ...as(token2, institution),
        method: 'POST',
        json: { ids },
      });
    const foreign = (
      await call<Invitation>(`institution/${other.institution.id}/invitation`, other.owner.token, {
        method: 'POST',
        json: { email: fresh(), role: 'admissions' },
      })
    ).body.data;
    expect((await revoke([created.id, foreign.id])).status).toBe(404);
    expect((await server.call<Answer<{ state: string }>>(`/api/invitation/${token}`)).body.data.state).toBe(
      'pending',
    );
    // Another tenant cannot revoke Acme's, nor resend it.
    expect((await revoke([created.id], other.owner.token, other.institution.id)).status).toBe(404);
    expect(
      (
        await server.call(`/api/invitation/${created.id}/resend`, {
          ...as(other.owner.token, other.institution.id),
          method: 'POST',
        })
      ).status,
    ).toBe(404);

    const done = await revoke([created.id]);
    expect(done.status).toBe(200);
    expect((await server.call<Answer<{ state: string }>>(`/api/invitation/${token}`)).body.data.state).toBe(
      'revoked',
    );
    const invitee = await createSignedInUser(server, { email });
    const refused = await server.call<Answer<unknown>>(`/api/invitation/${token}/accept`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(refused.status).toBe(409);
    expect((await call(`invitation/${created.id}/resend`, acme.owner.token, { method: 'POST' })).status).toBe(
      409,
    );
    expect((await server.call(`/api/invitation/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await server.call('/api/invitation/short')).status).toBe(404);
  });
});

describe('invitations per sender', () => {
  it('caps the invitations one person sends in a day, across institutions: a translated 429, nothing stored', async () => {
    const shop = await createTenant(server, { name: 'Third School', kind: 'school' });
    const sender = shop.owner;
    const byOther = (email: string, locale = 'en') =>
      server.call<Answer<Invitation>>(`/api/institution/${shop.institution.id}/invitation`, {
        ...as(sender.token, shop.institution.id),
        method: 'POST',
        json: { email, role: 'admissions_agent' },
        headers: { 'accept-language': locale },
      });
    // The day's earlier invitations, sent from the sender's other institutions (or another process).
    const { key, max } = invitationUserLimit(sender.id);
    const at = server.clock.now();
    await server.database.db.insert(rateEvents).values(Array.from({ length: max - 1 }, () => ({ key, at })));
    expect((await byOther(fresh())).status).toBe(201);

    const refused = fresh();
    const answer = await byOther(refused, 'es');
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('rate_limited');
    expect(answer.body.message).toMatch(/demasiad|intent/i);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await server.database.db.select().from(invitations).where(eq(invitations.email, refused));
    expect(stored).toEqual([]);

    // A day later the sender may invite again.
    server.clock.advance(INVITATIONS_DAY_MS);
    const later = await signIn(server, sender.id);
    expect(
      (
        await server.call(`/api/institution/${shop.institution.id}/invitation`, {
          ...as(later, shop.institution.id),
          method: 'POST',
          json: { email: refused, role: 'admissions_agent' },
        })
      ).status,
    ).toBe(201);
  });
});
