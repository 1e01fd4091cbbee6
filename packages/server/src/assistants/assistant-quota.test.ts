/**
 * The assistants quota: an institution has at most MAX_ASSISTANTS_PER_INSTITUTION assistants, its
 * first one included (403 `quota_exceeded` beyond, in the request's language), counted atomically
 * under concurrent requests; platform admins are exempt.
 */
import { MAX_ASSISTANTS_PER_INSTITUTION } from '@conversa/contract/constants';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../db/schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createSignedInUser, createTestServer, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { ADMIN_EMAILS: 'assistant-boss@example.com' } });
});
afterAll(() => server.close());

const assistantsOf = async (institutionId: number) => {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(assistants)
    .where(eq(assistants.institutionId, institutionId));
  return row?.n ?? 0;
};

const create = (tenant: Tenant, token = tenant.owner.token, locale = 'en') =>
  server.call<{ code: string; message: string }>('/api/institution-product', {
    token,
    locale,
    institution: tenant.institution.id,
    json: { type: 'admission', name: 'Another assistant' },
  });

/** Fills the institution up to `total` assistants (the first one exists already). */
async function fill(tenant: Tenant, total: number) {
  for (let n = 1; n < total; n++) expect((await create(tenant)).status).toBe(201);
}

describe('POST /api/institution-product: the assistants quota', () => {
  it(`allows ${MAX_ASSISTANTS_PER_INSTITUTION} with the first, then refuses with quota_exceeded`, async () => {
    const tenant = await createTenant(server);
    await fill(tenant, MAX_ASSISTANTS_PER_INSTITUTION);

    const english = await create(tenant);
    expect(english.status).toBe(403);
    expect(english.body).toEqual({
      code: 'quota_exceeded',
      message: `An institution can have at most ${MAX_ASSISTANTS_PER_INSTITUTION} assistants. Contact us if you need more.`,
    });
    const spanish = await create(tenant, tenant.owner.token, 'es');
    expect(spanish.body.message).toBe(
      `Una institución puede tener como máximo ${MAX_ASSISTANTS_PER_INSTITUTION} asistentes. Contáctanos si necesitas más.`,
    );
    expect(await assistantsOf(tenant.institution.id)).toBe(MAX_ASSISTANTS_PER_INSTITUTION);
  });

  it('lets only one of several concurrent creations take the last place', async () => {
    const tenant = await createTenant(server);
    await fill(tenant, MAX_ASSISTANTS_PER_INSTITUTION - 1);

    const answers = await Promise.all(Array.from({ length: 6 }, () => create(tenant)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await assistantsOf(tenant.institution.id)).toBe(MAX_ASSISTANTS_PER_INSTITUTION);
  });

  it('does not limit platform admins', async () => {
    const tenant = await createTenant(server);
    await fill(tenant, MAX_ASSISTANTS_PER_INSTITUTION);
    const admin = await createSignedInUser(server, { email: 'assistant-boss@example.com' });
    expect((await create(tenant, admin.token)).status).toBe(201);
    expect(await assistantsOf(tenant.institution.id)).toBe(MAX_ASSISTANTS_PER_INSTITUTION + 1);
  });
});
