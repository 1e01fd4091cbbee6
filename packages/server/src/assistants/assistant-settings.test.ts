import type { AssistantDetail, Faq } from '@conversa/contract/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, guestToken, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let business: Tenant;
let school: Tenant;

beforeAll(async () => {
  server = await createTestServer();
  business = await createTenant(server, { name: 'Acme', kind: 'business' });
  school = await createTenant(server, { name: 'Escuela', kind: 'school' });
});
afterAll(() => server.close());

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });
const assistantPath = (tenant: Tenant, rest = '') => `/api/institution-product/${tenant.assistant.id}${rest}`;

async function detail(tenant: Tenant): Promise<AssistantDetail> {
  const { status, body } = await server.call<{ data: AssistantDetail }>(
    assistantPath(tenant),
    asOwner(tenant),
  );
  expect(status).toBe(200);
  return body.data;
}

describe('POST /api/institution-product', () => {
  it('creates the types the kind allows, with default settings', async () => {
    for (const type of ['retail', 'sales_support'] as const) {
      const { status, body } = await server.call<{ data: AssistantDetail }>('/api/institution-product', {
        ...asOwner(business),
        json: { type, name: ` Acme ${type} ` },
      });
      expect(status).toBe(201);
      expect(body.data).toMatchObject({
        institution_id: business.institution.id,
        product: { type, name: `Acme ${type}`, logo: null },
        suggested_questions: [],
        handoff: null,
        public_link_active: true,
        snippet: { allowed_origins: [], position: 'right', greeting: '' },
        // Sales support has no public chat: no link and no snippet to offer.
        public_url: type === 'retail' ? `${server.config.publicUrl}/retail/${business.institution.id}` : null,
        embed_snippet: type === 'retail' ? expect.stringContaining('/embed.js') : null,
      });
    }
    const created = await server.call('/api/institution-product', {
      ...asOwner(school),
      json: { type: 'admission', name: 'Second' },
    });
    expect(created.status).toBe(201);
  });

  it('refuses a type the kind does not allow, with an issue on type', async () => {
    const cases: [Tenant, string][] = [
      [school, 'retail'],
      [school, 'sales_support'],
      [business, 'admission'],
      [business, 'nope'],
    ];
    for (const [tenant, type] of cases) {
      const { status, body } = await server.call('/api/institution-product', {
        ...asOwner(tenant),
        json: { type, name: 'X' },
      });
      expect(status, type).toBe(400);
      expect(body).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'type', code: 'invalid_value' }],
      });
    }
  });

  it('needs assistant.manage, a header, and a membership', async () => {
    const agent = await createMember(server, business.institution.id, 'lead_entry_agent');
    const json = { type: 'retail', name: 'X' };
    const forbidden = await server.call('/api/institution-product', {
      token: agent.token,
      institution: business.institution.id,
      json,
    });
    expect(forbidden).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const noHeader = await server.call('/api/institution-product', { token: business.owner.token, json });
    expect(noHeader).toMatchObject({ status: 400, body: { code: 'institution_required' } });
    const foreign = await server.call('/api/institution-product', {
      token: school.owner.token,
      institution: business.institution.id,
      json,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('PUT /api/institution-product/{id}', () => {
  it('round-trips the settings, merging the snippet and trimming', async () => {
    const json = {
      name: 'Acme Helper',
      suggested_questions: ['What are your hours?', ' Do you ship? '],
      handoff: { name: 'Ana', email: 'ANA@acme.com', phone: '+34 612 345 678', hours: '9-17', message: null },
      public_link_active: false,
      snippet: { allowed_origins: ['https://acme.com/', 'http://localhost:3000'], color: '#112233' },
    };
    const { status, body } = await server.call<{ data: AssistantDetail }>(assistantPath(business), {
      ...asOwner(business),
      method: 'PUT',
      json,
    });
    expect(status).toBe(200);
    const expected = {
      product: { type: 'retail', name: 'Acme Helper', logo: null },
      suggested_questions: ['What are your hours?', 'Do you ship?'],
      handoff: { name: 'Ana', email: 'ana@acme.com', phone: '+34 612 345 678', hours: '9-17', message: null },
      public_link_active: false,
      snippet: {
        allowed_origins: ['https://acme.com', 'http://localhost:3000'],
        color: '#112233',
        position: 'right',
        greeting: '',
      },
    };
    expect(body.data).toMatchObject(expected);
    expect(await detail(business)).toEqual(body.data);

    const second = await server.call<{ data: AssistantDetail }>(assistantPath(business), {
      ...asOwner(business),
      method: 'PUT',
      json: { snippet: { position: 'left', greeting: 'Hi!' }, handoff: null },
    });
    expect(second.body.data).toMatchObject({
      ...expected,
      handoff: null,
      snippet: { ...expected.snippet, position: 'left', greeting: 'Hi!' },
    });
  });

  it('takes at most 3 suggested questions, none blank or over 200 characters', async () => {
    const before = await detail(school);
    for (const questions of [['a', 'b', 'c', 'd'], ['ok', ' '], ['q'.repeat(201)]]) {
      const { status, body } = await server.call(assistantPath(school), {
        ...asOwner(school),
        method: 'PUT',
        json: { suggested_questions: questions },
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'validation_failed' });
    }
    expect(await detail(school)).toEqual(before);
    const three = await server.call(assistantPath(school), {
      ...asOwner(school),
      method: 'PUT',
      json: { suggested_questions: ['a', 'b', 'c'] },
    });
    expect(three).toMatchObject({ status: 200, body: { data: { suggested_questions: ['a', 'b', 'c'] } } });
  });

  it('answers the exact public url and embed snippet per type, none for sales support', async () => {
    const publicUrl = server.config.publicUrl;
    const admission = await detail(school);
    expect(admission.public_url).toBe(`${publicUrl}/admissions/${school.institution.id}`);
    expect(admission.embed_snippet).toBe(
      `<script src="${publicUrl}/embed.js" data-assistant="${school.assistant.external_id}" async></script>`,
    );
    expect((await detail(business)).public_url).toBe(`${publicUrl}/retail/${business.institution.id}`);
  });

  it('lets trainers change settings but not the name; agents change nothing', async () => {
    const trainer = await createMember(server, school.institution.id, 'communication');
    const as = { token: trainer.token, institution: school.institution.id, method: 'PUT' };
    const settings = await server.call(assistantPath(school), { ...as, json: { public_link_active: false } });
    expect(settings).toMatchObject({ status: 200, body: { data: { public_link_active: false } } });
    const rename = await server.call(assistantPath(school), { ...as, json: { name: 'Renamed' } });
    expect(rename).toMatchObject({ status: 403, body: { code: 'forbidden' } });

    const agent = await createMember(server, school.institution.id, 'lead_entry_agent');
    const before = await detail(school);
    const writes: [string, unknown][] = [
      ['', { public_link_active: true }],
      ['', { name: 'Agent' }],
      ['/knowledge-base', { text: 'agent' }],
      ['/faq', { faqs: [{ question: 'q', answer: 'a' }] }],
    ];
    for (const [rest, json] of writes) {
      const { status, body } = await server.call(assistantPath(school, rest), {
        token: agent.token,
        institution: school.institution.id,
        method: 'PUT',
        json,
      });
      expect(status, rest).toBe(403);
      expect(body).toMatchObject({ code: 'forbidden' });
    }
    expect(await detail(school)).toEqual(before);
    // Reads need only assistant.read.
    for (const rest of ['', '/knowledge-base', '/faq']) {
      const read = await server.call(assistantPath(school, rest), { token: agent.token });
      expect(read.status, rest).toBe(200);
    }
  });
});

describe('knowledge base and FAQs', () => {
  it('round-trips the knowledge base, up to 100,000 characters', async () => {
    const empty = await server.call(assistantPath(business, '/knowledge-base'), asOwner(business));
    expect(empty).toMatchObject({ status: 200, body: { data: { text: '' } } });
    const text = `Opening hours 9-17.\n${'x'.repeat(99_980)}`;
    const put = await server.call(assistantPath(business, '/knowledge-base'), {
      ...asOwner(business),
      method: 'PUT',
      json: { text },
    });
    expect(put).toMatchObject({ status: 200, body: { data: { text } } });
    const tooLong = await server.call(assistantPath(business, '/knowledge-base'), {
      ...asOwner(business),
      method: 'PUT',
      json: { text: 'y'.repeat(100_001) },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { issues: [{ path: 'text', code: 'too_long' }] } });
    const read = await server.call(assistantPath(business, '/knowledge-base'), {
      token: business.owner.token,
    });
    expect(read).toMatchObject({ status: 200, body: { data: { text } } });
  });

  it('replaces all FAQs, keeping their order', async () => {
    const put = (faqs: Faq[]) =>
      server.call(assistantPath(school, '/faq'), { ...asOwner(school), method: 'PUT', json: { faqs } });
    const first = [
      { question: 'When?', answer: 'May' },
      { question: 'Where?', answer: 'Madrid' },
      { question: 'Cost?', answer: 'Free' },
    ];
    expect(await put(first)).toMatchObject({ status: 200, body: { data: { faqs: first } } });
    const second = [
      { question: 'Cost?', answer: 'Still free' },
      { question: 'When?', answer: 'June' },
    ];
    await put(second);
    const read = await server.call(assistantPath(school, '/faq'), asOwner(school));
    expect(read).toMatchObject({ status: 200, body: { data: { faqs: second } } });
    const other = await server.call(assistantPath(business, '/faq'), asOwner(business));
    expect(other).toMatchObject({ status: 200, body: { data: { faqs: [] } } });
    const tooMany = await put(Array.from({ length: 201 }, (_, i) => ({ question: `q${i}`, answer: 'a' })));
    expect(tooMany.status).toBe(400);
    expect(await put([{ question: 'ok', answer: ' ' }])).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'faqs.0.answer', code: 'required' }] },
    });
    // An id is a whole number from 1: anything else is refused under its path.
    for (const id of ['1', 0, 1.5]) {
      const refused = await put([{ id, question: 'Cost?', answer: 'Free' } as unknown as Faq]);
      expect(refused).toMatchObject({ status: 400, body: { issues: [{ path: 'faqs.0.id' }] } });
    }
    expect((await server.call(assistantPath(school, '/faq'), asOwner(school))).body).toMatchObject({
      data: { faqs: second },
    });
    expect(await put([])).toMatchObject({ status: 200, body: { data: { faqs: [] } } });
  });
});

describe('guards of the new routes', () => {
  const routes: [string, string, unknown][] = [
    ['PUT', '', { public_link_active: false }],
    ['GET', '/knowledge-base', undefined],
    ['PUT', '/knowledge-base', { text: 'stolen' }],
    ['GET', '/faq', undefined],
    ['PUT', '/faq', { faqs: [{ question: 'q', answer: 'a' }] }],
  ];

  it("answers 404 for another tenant's assistant, whatever the header, and writes nothing", async () => {
    const before = await detail(business);
    for (const [method, rest, json] of routes) {
      for (const institution of [undefined, school.institution.id, business.institution.id]) {
        const { status, body } = await server.call<Record<string, unknown>>(assistantPath(business, rest), {
          token: school.owner.token,
          institution,
          method,
          json,
        });
        expect(status, `${method} ${rest} ${institution}`).toBe(404);
        expect(body.data).toBeUndefined();
      }
    }
    expect(await detail(business)).toEqual(before);
    const kb = await server.call<{ data: { text: string } }>(
      assistantPath(business, '/knowledge-base'),
      asOwner(business),
    );
    expect(kb.body.data.text).not.toBe('stolen');
  });

  it('refuses signed out (401) and guests (403)', async () => {
    const guest = await guestToken(server, school.assistant.id);
    for (const [method, rest, json] of [...routes, ['POST', '', { type: 'admission', name: 'G' }] as const]) {
      const path = method === 'POST' ? '/api/institution-product' : assistantPath(school, rest);
      const out = await server.call(path, { method, json });
      expect(out, `${method} ${path}`).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
      const asGuest = await server.call(path, {
        method,
        json,
        token: guest,
        institution: school.institution.id,
      });
      expect(asGuest, `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'guest_forbidden' } });
    }
  });
});
