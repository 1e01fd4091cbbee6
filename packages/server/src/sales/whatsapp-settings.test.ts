/**
 * A sales-support assistant's WhatsApp channel settings through HTTP: secrets are write-only (no
 * answer carries them), sealed at rest (nothing under DATA_DIR holds them in plain text), a blank one
 * keeps what is stored, one number's id serves one assistant, and other tenants, roles and assistant
 * types are refused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { WhatsappSettings } from '@conversa/contract/sales';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappChannels } from '../db/sales-schema';
import { createMember, createTenant, type Tenant } from '../institutions/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { channelsRepo } from '../whatsapp/channels.repo';

const ACCESS_TOKEN = 'EAAG-access-token-3f9a1c77d2b04e6b';
const APP_SECRET = 'app-secret-8d41e0c2b9f7a6d5';
const VERIFY_TOKEN = 'verify-token-51c0ffee';

let server: TestServer;
let acme: Tenant;
let other: Tenant;
let sales: AssistantListItem;
let otherSales: AssistantListItem;

const as = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

async function salesAssistant(tenant: Tenant): Promise<AssistantListItem> {
  const { body } = await server.call<{ data: AssistantListItem }>('/api/institution-product', {
    method: 'POST',
    ...as(tenant),
    json: { type: 'sales_support', name: 'Sales' },
  });
  return body.data;
}

const put = (tenant: Tenant, assistantId: number, json: Record<string, unknown>) =>
  server.call<{ data: WhatsappSettings; code?: string }>(`/api/institution-product/${assistantId}/whatsapp`, {
    method: 'PUT',
    ...as(tenant),
    json,
  });

const get = (tenant: Tenant, assistantId: number) =>
  server.call<{ data: WhatsappSettings }>(`/api/institution-product/${assistantId}/whatsapp`, as(tenant));

/** Every file under a folder, read whole. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

beforeAll(async () => {
  // The database on disk, under DATA_DIR, so what is stored can be looked at.
  server = await createTestServer({ durable: true });
  acme = await createTenant(server, { name: 'Acme', kind: 'business' });
  other = await createTenant(server, { name: 'Globex', kind: 'business' });
  sales = await salesAssistant(acme);
  otherSales = await salesAssistant(other);
});
afterAll(() => server.close());

describe('GET/PUT /api/institution-product/{id}/whatsapp', () => {
  it('starts empty, with the webhook URL to give Meta', async () => {
    const { status, body } = await get(acme, sales.id);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      phone_number_id: null,
      access_token_set: false,
      app_secret_set: false,
      verify_token_set: false,
      webhook_url: `${server.config.publicUrl}/api/whatsapp/webhook`,
    });
  });

  it('stores the secrets sealed and answers only that they are set', async () => {
    const saved = await put(acme, sales.id, {
      phone_number_id: '106540352242922',
      access_token: ACCESS_TOKEN,
      app_secret: APP_SECRET,
      verify_token: VERIFY_TOKEN,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      phone_number_id: '106540352242922',
      access_token_set: true,
      app_secret_set: true,
      verify_token_set: true,
    });
    const read = await get(acme, sales.id);
    for (const answer of [JSON.stringify(saved.body), JSON.stringify(read.body)]) {
      for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(answer).not.toContain(secret);
    }
    // In the database: sealed values only; opened with the server's key, the secrets.
    const [row] = await server.database.db
      .select()
      .from(whatsappChannels)
      .where(eq(whatsappChannels.assistantId, sales.id));
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken).not.toContain(ACCESS_TOKEN);
    const channels = channelsRepo(server.database.db, server.config.keys.secretsKey);
    expect(await channels.byPhoneNumberId('106540352242922')).toMatchObject({
      assistantId: sales.id,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
    });
    expect(await channels.hasVerifyToken(VERIFY_TOKEN)).toBe(true);
    expect(await channels.hasVerifyToken('another-token')).toBe(false);
    // Nothing under DATA_DIR holds them in plain text (the database files included).
    await server.database.db.execute(sql`checkpoint`);
    for (const file of filesUnder(server.config.dataDir)) {
      const bytes = readFileSync(file);
      for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN])
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
    }
  });

  it('keeps a stored secret when the field is blank or absent, and replaces it when given', async () => {
    const saved = await put(acme, sales.id, { phone_number_id: '106540352242922', access_token: '' });
    expect(saved.body.data).toMatchObject({
      access_token_set: true,
      app_secret_set: true,
      verify_token_set: true,
    });
    await put(acme, sales.id, { phone_number_id: '106540352242922', verify_token: 'a-new-verify-token' });
    const channels = channelsRepo(server.database.db, server.config.keys.secretsKey);
    expect(await channels.hasVerifyToken('a-new-verify-token')).toBe(true);
    expect(await channels.hasVerifyToken(VERIFY_TOKEN)).toBe(false);
    expect((await channels.byPhoneNumberId('106540352242922'))?.accessToken).toBe(ACCESS_TOKEN);
  });

  it("refuses a number's id that another assistant uses (409) and a malformed one (400)", async () => {
    const taken = await put(other, otherSales.id, { phone_number_id: '106540352242922' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('phone_number_id_taken');
    expect((await get(other, otherSales.id)).body.data.phone_number_id).toBeNull();
    for (const phone_number_id of ['', 'abc', '12', 42]) {
      expect((await put(acme, sales.id, { phone_number_id })).status).toBe(400);
    }
  });

  it('is for those who manage assistants, of a sales-support assistant of their institution', async () => {
    expect((await get(other, sales.id)).status).toBe(404);
    expect((await put(other, sales.id, { phone_number_id: '123456789' })).status).toBe(404);
    expect((await get(acme, acme.assistant.id)).body.data.phone_number_id).toBeNull();
    expect((await put(acme, acme.assistant.id, { phone_number_id: '123456789' })).status).toBe(404);
    const agent = await createMember(server, acme.institution.id, 'order_capture_agent');
    const refused = await server.call(`/api/institution-product/${sales.id}/whatsapp`, {
      token: agent.token,
      institution: acme.institution.id,
    });
    expect(refused.status).toBe(403);
  });
});
