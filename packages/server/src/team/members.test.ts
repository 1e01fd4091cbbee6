/**
 * The team's members through HTTP (PGlite and PostgreSQL): roles (the last main member, who may
 * touch the main role), removal ending access at once, other tenants, roles and guests, fast-check
 * bodies.
 */
import type { Member } from '@conversa/contract/team';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { teamApi } from '../testing/team.fixtures';

let server: TestServer;
let acme: Tenant;
let other: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  acme = await createTenant(server, { name: 'Acme School', kind: 'school' });
  other = await createTenant(server, { name: 'Other School', kind: 'school' });
});
afterAll(() => server.close());

const { call, members } = teamApi(
  () => server,
  () => acme,
);

describe('members', () => {
  it('lists members with role, e-mail, joined and last active, for managers only', async () => {
    const agent = await createMember(server, acme.institution.id, 'admissions_agent');
    const list = await members();
    const owner = list.find((row) => row.user_id === acme.owner.id)!;
    expect(owner).toMatchObject({ email: acme.owner.email, role: 'main' });
    expect(Date.parse(owner.joined_at)).not.toBeNaN();
    // The owner's calls just now count as activity.
    expect(owner.last_active_at).not.toBeNull();
    expect(list.some((row) => row.user_id === agent.id && row.role === 'admissions_agent')).toBe(true);

    const refused = await call(`institution/${acme.institution.id}/member`, agent.token);
    expect(refused.status).toBe(403);
    const staff = await createMember(server, acme.institution.id, 'admin-staff');
    expect((await call(`institution/${acme.institution.id}/member`, staff.token)).status).toBe(200);
    // Another tenant's main member sees nothing of Acme's.
    const foreign = await call(`institution/${acme.institution.id}/member`, other.owner.token, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeUndefined();
    const guest = await guestToken(server, acme.assistant.id);
    expect((await call(`institution/${acme.institution.id}/member`, guest)).status).toBe(403);
  });

  it('changes a role; only a main member touches the main role; the last main stays main', async () => {
    const agent = await createMember(server, acme.institution.id, 'admissions_agent');
    const staff = await createMember(server, acme.institution.id, 'admin-staff');
    const path = (userId: number) => `institution/${acme.institution.id}/member/${userId}`;
    const changed = await call<Member>(path(agent.id), staff.token, {
      method: 'PUT',
      json: { role: 'admissions' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ user_id: agent.id, role: 'admissions' });
    // The new role applies at once: admissions may read leads, the agent could not.
    expect((await call(`lead?institution_product_id=${acme.assistant.id}`, agent.token)).status).not.toBe(
      403,
    );

    // Admin staff can neither make a main member nor demote one.
    for (const [userId, role] of [
      [agent.id, 'main'],
      [acme.owner.id, 'admissions'],
    ] as const) {
      const refused = await call(path(userId), staff.token, { method: 'PUT', json: { role } });
      expect(refused.status).toBe(403);
    }
    const last = await call(path(acme.owner.id), acme.owner.token, {
      method: 'PUT',
      json: { role: 'admin-staff' },
    });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({
      code: 'last_main',
      message: 'The team needs at least one main administrator.',
    });
    expect((await members()).find((row) => row.user_id === acme.owner.id)?.role).toBe('main');

    const bad = await call(path(agent.id), acme.owner.token, { method: 'PUT', json: { role: 'admin' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]).toMatchObject({ path: 'role', code: 'invalid_value' });
    expect(
      (await call(path(other.owner.id), acme.owner.token, { method: 'PUT', json: { role: 'admissions' } }))
        .status,
    ).toBe(404);
    const events = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member_role_changed'));
    expect(events.some((event) => event.detail.member === agent.id && event.detail.to === 'admissions')).toBe(
      true,
    );
  });

  it('removes members all or none; their access ends at once; the last main cannot go', async () => {
    const first = await createMember(server, acme.institution.id, 'communication');
    const second = await createMember(server, acme.institution.id, 'admissions_agent');
    const remove = (ids: number[], token = acme.owner.token) =>
      call(`institution/${acme.institution.id}/member/delete`, token, { method: 'POST', json: { ids } });
    expect((await call(`institution/${acme.institution.id}`, first.token)).status).toBe(200);

    // One id outside the team refuses the whole request.
    expect((await remove([first.id, other.owner.id])).status).toBe(404);
    expect((await members()).some((row) => row.user_id === first.id)).toBe(true);
    const lastMain = await remove([acme.owner.id, first.id]);
    expect(lastMain.status).toBe(409);
    expect(lastMain.body.code).toBe('last_main');

    const removed = await remove([first.id, second.id]);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ message: 'Delete successfully.', code: 'deleted' });
    const left = await members();
    expect(left.some((row) => row.user_id === first.id || row.user_id === second.id)).toBe(false);
    // Their very next call is refused, with the same token.
    expect((await call(`institution/${acme.institution.id}`, first.token)).status).toBe(404);
    expect((await call(`institution/${acme.institution.id}`, second.token)).status).toBe(404);
  });

  it('refuses malformed bodies with a 400 and changes nothing (fast-check)', async () => {
    const before = await members();
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (json) => {
        const answer = await call(`institution/${acme.institution.id}/member/delete`, acme.owner.token, {
          method: 'POST',
          json: { ids: json },
        });
        expect([400, 404]).toContain(answer.status);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.anything().filter((json) => json !== undefined),
        async (json) => {
          const answer = await call(`institution/${acme.institution.id}/invitation`, acme.owner.token, {
            method: 'POST',
            json,
          });
          expect(answer.status).toBe(400);
        },
      ),
      { numRuns: 40 },
    );
    expect(await members()).toEqual(before);
  });
});
