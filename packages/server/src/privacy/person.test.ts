/**
 * One person's data (issue 36) through HTTP, on PGlite and PostgreSQL: the lookup by e-mail and by
 * phone (local numbers read with the institution's country) across conversations, contacts, leads,
 * orders, WhatsApp messages and allowed numbers (and what a visitor wrote as a rating's reason); the
 * export's contents; the erasure in one
 * transaction with an audit entry holding no personal data; a visitor deleting their own
 * conversation. Another institution's rows are never touched.
 */
import type { PersonErased, PersonExport, PersonSummary } from '@conversa/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedNumbers, assistants, auditEvents } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';
import { salesRecords, whatsappMessages } from '../db/sales-schema';
import { recordWritesRepo } from '../sales/record-writes.repo';
import { createTestServer, type TestServer } from '../testing';
import { startSession } from '../testing/chat.fixtures';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const ANA = 'ana.garcia@example.com';
const PHONE = '+34612345678';

let server: TestServer;
let shop: Tenant;
let other: Tenant;
let salesId: number;
const ids = {} as Record<
  | 'contactConv'
  | 'wroteEmail'
  | 'wrotePhone'
  | 'ratedReason'
  | 'unrelated'
  | 'foreign'
  | 'lead'
  | 'order'
  | 'sold'
  | 'otherLead',
  string | number
>;

async function conversationWith(
  tenant: Tenant,
  text: string,
  contact: { email?: string; phone?: string } | null,
  /** The assistant's answer, rated down with this reason. */
  reason?: string,
) {
  const [row] = await server.database.db
    .insert(conversations)
    .values({
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      locale: 'es',
      messageCount: 1,
      questions: 1,
      contact: contact
        ? {
            name: 'Ana',
            email: contact.email ?? null,
            phone: contact.phone ?? null,
            message: null,
            created_at: new Date().toISOString(),
          }
        : null,
    })
    .returning({ id: conversations.id });
  await server.database.db
    .insert(messages)
    .values({ institutionId: tenant.institution.id, conversationId: row!.id, role: 'user', content: text });
  if (reason)
    await server.database.db.insert(messages).values({
      institutionId: tenant.institution.id,
      conversationId: row!.id,
      role: 'assistant',
      content: 'Tenemos sofás de tres plazas.',
      rating: 'down',
      ratingReason: reason,
      ratedAt: new Date(),
    });
  return row!.id;
}

beforeAll(async () => {
  server = await createTestServer();
  shop = await createTenant(server, { name: 'Muebles Ana', kind: 'business', country: 'ES' });
  other = await createTenant(server, { name: 'Otra Tienda', kind: 'business', country: 'ES' });
  const db = server.database.db;
  const [sales] = await db
    .insert(assistants)
    .values({ institutionId: shop.institution.id, type: 'sales_support', name: 'Ventas' })
    .returning({ id: assistants.id });
  salesId = sales!.id;
  ids.contactConv = await conversationWith(shop, '¿Tenéis sofás?', { email: 'Ana.Garcia@example.com' });
  ids.wroteEmail = await conversationWith(shop, `Escribidme a ${ANA.toUpperCase()}, gracias`, null);
  ids.wrotePhone = await conversationWith(shop, 'Mi móvil es el 612 34 56 78', null);
  ids.ratedReason = await conversationWith(
    shop,
    '¿Hacéis envíos?',
    null,
    'No contesta. Escribidme a Ana.Garcia@example.com o al 612-34-56-78',
  );
  ids.unrelated = await conversationWith(shop, 'Escribid a otra@example.com o al 699 99 99 99', null);
  ids.foreign = await conversationWith(other, `Soy ${ANA}, llamadme al 612345678`, { email: ANA });
  const records = recordWritesRepo(db);
  const ref = { institutionId: shop.institution.id, assistantId: salesId };
  const base = { company: 'Casa', contactName: 'Ana', phone: null, email: null, notes: null, fields: {} };
  const staff = { name: 'Rosa', number: null, userId: null };
  ids.lead = await records.create(ref, 'lead', { ...base, email: ANA, lines: [] }, staff);
  ids.order = await records.create(
    ref,
    'order',
    { ...base, phone: PHONE, lines: [{ product_code: 'S-1', product_description: 'Sofá', quantity: 1 }] },
    staff,
  );
  // Entered by the person as a seller, about someone else: anonymised, not deleted.
  ids.sold = await records.create(
    ref,
    'lead',
    { ...base, company: 'Otra', contactName: 'Luis', lines: [] },
    { name: 'Ana Seller', number: PHONE, userId: null },
  );
  ids.otherLead = await records.create(ref, 'lead', { ...base, email: 'luis@example.com', lines: [] }, staff);
  await db.insert(whatsappMessages).values([
    { ...ref, direction: 'in', phoneNumber: PHONE, body: 'pedido de sofá' },
    { ...ref, direction: 'out', phoneNumber: PHONE, body: 'Anotado' },
    { ...ref, direction: 'in', phoneNumber: '+34699999999', body: 'otro' },
  ]);
  await db.insert(allowedNumbers).values({ ...ref, phoneNumber: PHONE, sellerName: 'Ana Seller' });
});
afterAll(() => server.close());

const as = (tenant: Tenant = shop) => ({ token: tenant.owner.token });
const find = (query: string, tenant: Tenant = shop, token = tenant.owner.token) =>
  server.call<{ data: PersonSummary; code?: string; issues?: { path: string; code: string }[] }>(
    `/api/institution/${tenant.institution.id}/person?${query}`,
    { token },
  );
const exportOf = (query: string) =>
  server.call<{ data: PersonExport }>(`/api/institution/${shop.institution.id}/person/export?${query}`, as());
const erase = (json: unknown, tenant: Tenant = shop, token = tenant.owner.token) =>
  server.call<{ data: PersonErased; code?: string; issues?: { path: string; code: string }[] }>(
    `/api/institution/${tenant.institution.id}/person/erase`,
    { method: 'POST', token, json },
  );
const countRows = async () => {
  const [row] = rowsOf(
    await server.database.db.execute(sql`
      select (select count(*) from conversations)::int as conversations, (select count(*) from sales_records)::int as records,
        (select count(*) from whatsapp_messages)::int as whatsapp, (select count(*) from allowed_numbers)::int as numbers`),
  ) as Record<string, number>[];
  return row!;
};

describe('finding a person', () => {
  it('by e-mail: the conversations where they left it or wrote it, and the leads naming it', async () => {
    const { status, body } = await find(`email=${encodeURIComponent('ANA.garcia@example.com')}`);
    expect(status).toBe(200);
    expect(body.data.email).toBe(ANA);
    expect(body.data.conversations.count).toBe(3);
    expect(body.data.conversations.items.map((item) => item.id).sort()).toEqual(
      [ids.contactConv, ids.wroteEmail, ids.ratedReason].sort(),
    );
    expect(body.data.contacts.count).toBe(1);
    expect(body.data.leads).toMatchObject({ count: 1, items: [{ id: ids.lead, assistant_name: 'Ventas' }] });
    expect(body.data.orders.count).toBe(0);
    expect(body.data.whatsapp_messages.count).toBe(0);
  });

  it("by a local phone, read with the institution's country and compared in E.164", async () => {
    const { status, body } = await find('phone=612%20345%20678');
    expect(status).toBe(200);
    expect(body.data.phone).toBe(PHONE);
    expect(body.data.conversations.items.map((item) => item.id).sort()).toEqual(
      [ids.wrotePhone, ids.ratedReason].sort(),
    );
    expect(body.data.orders).toMatchObject({ count: 1, items: [{ id: ids.order }] });
    expect(body.data.leads).toMatchObject({ count: 1, items: [{ id: ids.sold }] });
    expect(body.data.whatsapp_messages.count).toBe(2);
    expect(body.data.allowed_numbers.count).toBe(1);
  });

  it('refuses neither e-mail nor phone, or a phone that is none, with a translated issue', async () => {
    const none = await find('');
    expect(none.status).toBe(400);
    expect(none.body.issues?.[0]).toMatchObject({ code: 'email_or_phone_required' });
    const bad = await find('phone=12');
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]).toMatchObject({ path: 'phone', code: 'invalid_phone' });
  });

  it('is for team managers of the institution only', async () => {
    const agent = await createMember(server, shop.institution.id, 'order_capture_agent');
    expect((await find(`email=${ANA}`, shop, agent.token)).status).toBe(403);
    expect((await find(`email=${ANA}`, shop, other.owner.token)).status).toBe(404);
  });
});

describe('the export', () => {
  it('holds every conversation with its messages, the records with lines and history, messages and numbers', async () => {
    const { status, headers, body } = await exportOf(`email=${ANA}&phone=${encodeURIComponent(PHONE)}`);
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toContain('person-export.json');
    const data = body.data;
    expect(data.conversations.map((c) => c.id).sort()).toEqual(
      [ids.contactConv, ids.wroteEmail, ids.wrotePhone, ids.ratedReason].sort(),
    );
    expect(data.conversations.find((c) => c.id === ids.ratedReason)!.messages[1]).toMatchObject({
      role: 'assistant',
      rating: 'down',
      rating_reason: 'No contesta. Escribidme a Ana.Garcia@example.com o al 612-34-56-78',
    });
    const wrote = data.conversations.find((c) => c.id === ids.wroteEmail)!;
    expect(wrote.messages).toEqual([
      expect.objectContaining({
        role: 'user',
        content: expect.stringContaining('ANA.GARCIA'),
        rating: null,
        rating_reason: null,
      }),
    ]);
    const order = data.records.find((r) => r.id === ids.order)!;
    expect(order.lines).toEqual([expect.objectContaining({ product_code: 'S-1', quantity: 1 })]);
    expect(order.history).toEqual([expect.objectContaining({ action: 'created' })]);
    expect(data.records.map((r) => r.id).sort()).toEqual([ids.lead, ids.order, ids.sold].sort());
    expect(data.whatsapp_messages.map((m) => m.body).sort()).toEqual(['Anotado', 'pedido de sofá']);
    expect(data.allowed_numbers).toEqual([
      expect.objectContaining({ phone_number: PHONE, seller_name: 'Ana Seller' }),
    ]);
    // Nothing of another institution.
    expect(JSON.stringify(data)).not.toContain(String(ids.foreign));
  });
});

describe('the erasure', () => {
  it('refuses bad input and other roles, and changes nothing', async () => {
    const before = await countRows();
    expect((await erase({})).status).toBe(400);
    expect((await erase({ email: 'not-an-email' })).status).toBe(400);
    const admissions = await createMember(server, shop.institution.id, 'admissions');
    expect((await erase({ email: ANA }, shop, admissions.token)).status).toBe(403);
    expect((await erase({ email: ANA }, shop, other.owner.token)).status).toBe(404);
    expect(await countRows()).toEqual(before);
  });

  it('by e-mail and phone at once: removes and anonymises all of it, audited by a hash and counts', async () => {
    const { status, body } = await erase({ email: ANA, phone: '612345678' });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      conversations: 4,
      leads: 2,
      orders: 1,
      whatsapp_messages: 2,
      allowed_numbers: 1,
    });
    const db = server.database.db;
    const left = (await db.select({ id: conversations.id }).from(conversations)).map((row) => row.id);
    expect(left.sort()).toEqual([ids.unrelated, ids.foreign].sort());
    const records = await db.select().from(salesRecords);
    expect(records.map((row) => row.id).sort()).toEqual([ids.sold, ids.otherLead].sort());
    const sold = records.find((row) => row.id === ids.sold)!;
    expect(sold.sellerNumber).toBeNull();
    expect(sold.sellerName).toBe('');
    expect((await db.select().from(whatsappMessages)).map((row) => row.phoneNumber)).toEqual([
      '+34699999999',
    ]);
    expect(await db.select().from(allowedNumbers)).toEqual([]);

    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'person_erased'));
    expect(event!.institutionId).toBe(shop.institution.id);
    expect(event!.detail).toMatchObject({
      person: expect.stringMatching(/^[0-9a-f]{64}$/),
      conversations: 4,
    });
    const written = JSON.stringify(event!.detail);
    expect(written).not.toContain('ana');
    expect(written).not.toContain('612345678');

    // Found again: nothing left.
    const again = await find(`email=${ANA}&phone=${encodeURIComponent(PHONE)}`);
    expect(again.body.data).toMatchObject({
      conversations: { count: 0 },
      leads: { count: 0 },
      orders: { count: 0 },
      whatsapp_messages: { count: 0 },
      allowed_numbers: { count: 0 },
    });
  });
});

describe("a visitor's own conversation", () => {
  it('is deleted by its guest, never by another conversation’s; the figures stay', async () => {
    const school = await createTenant(server, { name: 'Colegio Visitante', kind: 'school' });
    const mine = await startSession(server, school);
    const theirs = await startSession(server, school);
    await server.call(`/api/public/conversation/${mine.conversation_id}/contact`, {
      method: 'POST',
      token: mine.token,
      json: { name: 'Ana', email: ANA, consent: true },
    });
    const stats = async () =>
      (
        rowsOf(
          await server.database.db.execute(
            sql`select coalesce(sum(conversations), 0)::int as n from conversation_stats where institution_id = ${school.institution.id}`,
          ),
        )[0] as { n: number }
      ).n;
    const figures = await stats();

    const foreign = await server.call(`/api/public/conversation/${mine.conversation_id}/delete`, {
      method: 'POST',
      token: theirs.token,
    });
    expect(foreign.status).toBe(403);

    const { status, body } = await server.call<{ data: { code: string } }>(
      `/api/public/conversation/${mine.conversation_id}/delete`,
      { method: 'POST', token: mine.token },
    );
    expect(status).toBe(200);
    expect(body.data.code).toBe('deleted');
    const rows = await server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, mine.conversation_id));
    expect(rows).toEqual([]);
    expect(await stats()).toBe(figures);
    // Its token now names nothing.
    const after = await server.call(`/api/public/conversation/${mine.conversation_id}`, {
      token: mine.token,
    });
    expect(after.status).toBe(404);
  });
});
