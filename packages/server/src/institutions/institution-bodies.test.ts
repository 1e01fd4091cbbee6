/**
 * Property tests: bad bodies for `POST institution` and `PUT institution/{id}` are a 4xx, never a
 * 5xx, and write nothing.
 */
import { STUDENT_BUCKETS } from '@conversa/contract/constants';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, institutions, memberships, users } from '../db/schema';
import { createTestServer, type TestServer } from '../testing';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { CreateInstitutionInputSchema, UpdateInstitutionInputSchema } from './institutions.service';

let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await createTenant(server, { name: 'Fixed', kind: 'business', country: 'ES' });
});
afterAll(() => server.close());

const junk = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ maxLength: 30 }),
);

/** Values each field must refuse (plus anything of the wrong type). */
const badField = {
  name: fc.oneof(
    junk.filter((x) => typeof x !== 'string' || x.trim() === ''),
    fc.constant('n'.repeat(121)),
  ),
  kind: junk.filter((x) => x !== 'school' && x !== 'business'),
  website_url: fc.oneof(
    fc.constantFrom('not a url', 'ftp://school.edu', 'http://localhost', 'https://', 'a b.com'),
    fc.constant(`https://${'w'.repeat(2050)}.com`),
    fc.integer(),
  ),
  students: junk.filter((x) => x !== null && !(STUDENT_BUCKETS as readonly unknown[]).includes(x)),
  country: fc.oneof(fc.constantFrom('XX', 'ZZ', 'ESP', '', 'e', '1A'), fc.integer(), fc.boolean()),
  location: fc.oneof(fc.integer(), fc.constant('l'.repeat(201)), fc.array(fc.string(), { maxLength: 2 })),
};
type Field = keyof typeof badField;

const goodBody = fc.record({
  name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  kind: fc.constantFrom('school', 'business'),
  website_url: fc.constantFrom(null, 'school.edu', 'https://acme.com'),
  students: fc.constantFrom(null, ...STUDENT_BUCKETS),
  country: fc.constantFrom(null, 'ES', 'mx'),
  location: fc.constantFrom(null, 'Madrid'),
});

/** A valid body with one or more fields spoiled or missing, or any JSON at all. */
const badBody = fc.oneof(
  fc
    .tuple(
      goodBody,
      fc.subarray(Object.keys(badField) as Field[], { minLength: 1 }),
      fc.record(badField),
      fc.boolean(),
    )
    .map(([body, fields, bad, drop]) => {
      const spoiled: Record<string, unknown> = { ...body };
      for (const field of fields) {
        if (drop && (field === 'name' || field === 'kind')) delete spoiled[field];
        else spoiled[field] = bad[field];
      }
      return spoiled;
    }),
  fc.jsonValue(),
);

/** Sent as JSON, or as a raw text body that is mostly not JSON at all. */
const request = fc.oneof(
  badBody.map((json) => ({ body: JSON.stringify(json), json })),
  fc.string({ maxLength: 60 }).map((text) => ({ body: text, json: undefined as unknown })),
);

async function snapshot() {
  const { db } = server.database;
  const [i] = await db.select({ n: count() }).from(institutions);
  const [m] = await db.select({ n: count() }).from(memberships);
  const [p] = await db.select({ n: count() }).from(assistants);
  const [owner] = await db.select().from(users).where(eq(users.id, tenant.owner.id));
  const [fixed] = await db.select().from(institutions).where(eq(institutions.id, tenant.institution.id));
  return { institutions: i?.n, memberships: m?.n, assistants: p?.n, owner, fixed };
}

function acceptedBy(schema: v.GenericSchema, body: string): boolean {
  try {
    return v.safeParse(schema, JSON.parse(body)).success;
  } catch {
    return false;
  }
}

describe('bad institution bodies', () => {
  it('POST institution: 4xx, never 5xx, nothing written', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(request, fc.constantFrom('en', 'es'), async ({ body }, locale) => {
        fc.pre(!acceptedBy(CreateInstitutionInputSchema, body));
        const response = await server.request('/api/institution', {
          method: 'POST',
          token: tenant.owner.token,
          locale,
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(await response.json()).toMatchObject({
          code: expect.any(String),
          message: expect.any(String),
        });
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('PUT institution/{id}: 4xx, never 5xx, nothing written', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(request, async ({ body }) => {
        fc.pre(!acceptedBy(UpdateInstitutionInputSchema, body));
        const response = await server.request(`/api/institution/${tenant.institution.id}`, {
          method: 'PUT',
          token: tenant.owner.token,
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('the generators do produce bodies the server accepts once repaired (the oracle is not vacuous)', async () => {
    const samples = fc.sample(goodBody, 5);
    for (const json of samples) {
      const { status } = await server.call('/api/institution', { token: tenant.owner.token, json });
      expect(status, JSON.stringify(json)).toBe(201);
    }
  });
});
