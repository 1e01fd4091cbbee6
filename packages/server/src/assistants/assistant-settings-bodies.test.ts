/**
 * Property tests: bad bodies for the assistant settings PUTs are a 4xx, never a 5xx, and write
 * nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  server = await createTestServer();
  tenant = await createTenant(server, { name: 'Props', kind: 'business' });
});
afterAll(() => server.close());

const junk = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Bodies each holding at least one value the route must refuse. */
const badSettings = fc.oneof(
  fc.record({ name: fc.oneof(fc.constant('  '), fc.constant('n'.repeat(201)), fc.integer()) }),
  fc.record({
    suggested_questions: fc.oneof(
      fc.array(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 4, maxLength: 6 }),
      fc.constant(['ok', '']),
      fc.constant('not an array'),
    ),
  }),
  fc.record({ handoff: fc.record({ email: fc.constantFrom('nope', 'a@', 42) }) }),
  fc.record({ handoff: fc.record({ phone: fc.constantFrom('123', 'phone', true) }) }),
  fc.record({ public_link_active: junk.filter((x) => typeof x !== 'boolean') }),
  fc.record({ snippet: fc.record({ color: fc.constantFrom('red', '#12345', '#gggggg', 3) }) }),
  fc.record({ snippet: fc.record({ position: junk.filter((x) => x !== 'left' && x !== 'right') }) }),
  fc.record({
    snippet: fc.record({
      allowed_origins: fc.oneof(
        fc.constantFrom(['ftp://a.com'], ['https://a.com/path'], ['nope'], 'https://a.com'),
        fc.constant(Array.from({ length: 21 }, (_, i) => `https://s${i}.com`)),
      ),
    }),
  }),
  fc.record({ snippet: fc.record({ greeting: fc.oneof(fc.constant('g'.repeat(201)), fc.integer()) }) }),
);

const badKnowledge = fc
  .oneof(
    junk.filter((x) => typeof x !== 'string'),
    fc.constant('k'.repeat(100_001)),
  )
  .map((text) => ({ text }));

const badFaqs = fc.oneof(
  junk.filter((x) => !Array.isArray(x)).map((faqs) => ({ faqs })),
  fc.constant({ faqs: [{ question: '', answer: 'a' }] }),
  fc.constant({ faqs: [{ question: 'q', answer: 'a'.repeat(5001) }] }),
  fc.constant({ faqs: [{ question: 'q'.repeat(501), answer: 'a' }] }),
  fc
    .array(
      fc.record({ question: junk.filter((x) => typeof x !== 'string' || x.trim() === ''), answer: junk }),
      { minLength: 1, maxLength: 3 },
    )
    .map((faqs) => ({ faqs })),
  fc.constant({ faqs: Array.from({ length: 201 }, () => ({ question: 'q', answer: 'a' })) }),
);

/** Everything the routes answer for the tenant's assistant. */
async function snapshot() {
  const as = { token: tenant.owner.token, institution: tenant.institution.id };
  const base = `/api/institution-product/${tenant.assistant.id}`;
  const [assistant, kb, faq] = await Promise.all([
    server.call(base, as),
    server.call(`${base}/knowledge-base`, as),
    server.call(`${base}/faq`, as),
  ]);
  return [assistant.body, kb.body, faq.body];
}

describe.each([
  ['', badSettings],
  ['/knowledge-base', badKnowledge],
  ['/faq', badFaqs],
] as const)('PUT institution-product/{id}%s', (rest, bodies) => {
  it('answers bad bodies with a 4xx and writes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(bodies as fc.Arbitrary<unknown>, async (json) => {
        const { status } = await server.call(`/api/institution-product/${tenant.assistant.id}${rest}`, {
          token: tenant.owner.token,
          institution: tenant.institution.id,
          method: 'PUT',
          json,
        });
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    expect(await snapshot()).toEqual(before);
  });
});
