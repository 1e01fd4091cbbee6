/**
 * A sales-support assistant's WhatsApp channel settings through HTTP: secrets are write-only (no
 * answer carries them), sealed at rest (nothing under DATA_DIR holds them in plain text), a blank one
 * keeps what is stored, one number's id serves one assistant and only once Meta (a local Graph API
 * peer) confirms the access token reads it, each save is audited, and other tenants, roles and
 * assistant types are refused.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Issue } from '@conversa/contract/common';
import type { WhatsappSettings } from '@conversa/contract/sales';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappChannels } from '../db/sales-schema';
import { auditEvents } from '../db/schema';
import { createMember, createTenant, type Tenant } from '../testing/institutions.fixtures';
import { WHATSAPP_NUMBER_CHECKS_PER_HOUR } from '../rate-limit/limits';
import { createTestServer, type TestServer } from '../testing';
import { type GraphPeer, PHONE_NUMBER_ID, startGraphPeer } from '../testing/whatsapp-peer';
import { channelsRepo } from './whatsapp/channels.repo';

const ACCESS_TOKEN = 'EAAG-access-token-3f9a1c77d2b04e6b';
const APP_SECRET = 'app-secret-8d41e0c2b9f7a6d5';
const VERIFY_TOKEN = 'verify-token-51c0ffee';

let graph: GraphPeer;
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

const put = (
  tenant: Tenant,
  assistantId: number,
  json: Record<string, unknown>,
  on = server,
  locale = 'en',
) =>
  on.call<{ data: WhatsappSettings; code?: string; message?: string; issues?: Issue[] }>(
    `/api/institution-product/${assistantId}/whatsapp`,
    { method: 'PUT', ...as(tenant), json, locale },
  );

const get = (tenant: Tenant, assistantId: number) =>
  server.call<{ data: WhatsappSettings }>(`/api/institution-product/${assistantId}/whatsapp`, as(tenant));

/** Every file under a folder, read whole. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

beforeAll(async () => {
  graph = await startGraphPeer();
  // This file's token reads the number on Meta's side (the peer).
  graph.addNumber(PHONE_NUMBER_ID, ACCESS_TOKEN);
  // The database on disk, under DATA_DIR, so what is stored can be looked at.
  server = await createTestServer({ durable: true, env: { WHATSAPP_GRAPH_URL: graph.url } });
  acme = await createTenant(server, { name: 'Acme', kind: 'business' });
  other = await createTenant(server, { name: 'Globex', kind: 'business' });
  sales = await salesAssistant(acme);
  otherSales = await salesAssistant(other);
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

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
    // Even with a token that reads it (the same business, in another institution).
    const taken = await put(other, otherSales.id, {
      phone_number_id: '106540352242922',
      access_token: ACCESS_TOKEN,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('phone_number_id_taken');
    expect((await get(other, otherSales.id)).body.data.phone_number_id).toBeNull();
    for (const phone_number_id of ['', 'abc', '12', 42]) {
      expect((await put(acme, sales.id, { phone_number_id })).status).toBe(400);
    }
  });

  it('refuses a number the access token does not read: 400 whatsapp_number_unverified under the field, in English and Spanish, nothing saved', async () => {
    const before = await get(other, otherSales.id);
    // Acme's number with another token, a number nobody's token reads, and no token at all.
    for (const [json, path] of [
      [{ phone_number_id: PHONE_NUMBER_ID, access_token: 'EAAG-not-the-owner' }, 'phone_number_id'],
      [{ phone_number_id: '555000111222', access_token: ACCESS_TOKEN }, 'phone_number_id'],
      [{ phone_number_id: '555000111222', app_secret: 'a-secret' }, 'access_token'],
    ] as const) {
      const refused = await put(other, otherSales.id, json);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('whatsapp_number_unverified');
      expect(refused.body.issues).toEqual([
        {
          path,
          code: 'whatsapp_number_unverified',
          message:
            "Meta does not confirm that this phone number ID belongs to the access token. Check both in your app in Meta's developer console.",
        },
      ]);
    }
    const spanish = await put(
      other,
      otherSales.id,
      { phone_number_id: '555000111222', access_token: ACCESS_TOKEN },
      server,
      'es',
    );
    expect(spanish.body.issues?.[0]?.message).toBe(
      'Meta no confirma que este identificador de número pertenezca al token de acceso. Revisa ambos en tu app de la consola de desarrolladores de Meta.',
    );
    expect((await get(other, otherSales.id)).body).toEqual(before.body);
    const channels = channelsRepo(server.database.db, server.config.keys.secretsKey);
    expect(await channels.byPhoneNumberId('555000111222')).toBeNull();
  });

  it('says so when Meta cannot be reached to check the number (503 whatsapp_unreachable, translated), nothing saved', async () => {
    // A Graph API that refuses connections.
    const offline = await createTestServer({ env: { WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9' } });
    try {
      const shop = await createTenant(offline, { name: 'Initech', kind: 'business' });
      const { body } = await offline.call<{ data: AssistantListItem }>('/api/institution-product', {
        method: 'POST',
        ...as(shop),
        json: { type: 'sales_support', name: 'Sales' },
      });
      const json = { phone_number_id: PHONE_NUMBER_ID, access_token: ACCESS_TOKEN, app_secret: APP_SECRET };
      const down = await put(shop, body.data.id, json, offline);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 'whatsapp_unreachable',
        message:
          'WhatsApp (Meta) cannot be reached to check the number. Nothing was saved; try again in a few minutes.',
      });
      expect((await put(shop, body.data.id, json, offline, 'es')).body.message).toBe(
        'No se puede contactar con WhatsApp (Meta) para comprobar el número. No se guardó nada; inténtalo de nuevo en unos minutos.',
      );
      const read = await offline.call<{ data: WhatsappSettings }>(
        `/api/institution-product/${body.data.id}/whatsapp`,
        as(shop),
      );
      expect(read.body.data).toMatchObject({ phone_number_id: null, access_token_set: false });
    } finally {
      await offline.close();
    }
  });

  it('checks numbers with Meta a few times an hour per institution: then a translated 429, Meta not asked', async () => {
    const shop = await createTenant(server, { name: 'Initech', kind: 'business' });
    const assistant = await salesAssistant(shop);
    const json = { phone_number_id: '555000999888', access_token: ACCESS_TOKEN };
    for (let n = 0; n < WHATSAPP_NUMBER_CHECKS_PER_HOUR; n += 1)
      expect((await put(shop, assistant.id, json)).status).toBe(400);
    const asked = graph.numberChecks;
    const refused = await put(shop, assistant.id, json, server, 'es');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.body.message).toMatch(/^Demasiados intentos/);
    expect(graph.numberChecks).toBe(asked);
    // Another institution's checks are its own.
    expect((await put(other, otherSales.id, json)).status).toBe(400);
  });

  it('audits each save: who, which assistant and number, which secrets changed, never their values', async () => {
    expect(
      (await put(acme, sales.id, { phone_number_id: PHONE_NUMBER_ID, app_secret: 'rotated-secret' })).status,
    ).toBe(200);
    const events = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'whatsapp_channel_saved'))
      .orderBy(auditEvents.id);
    expect(events.length).toBeGreaterThanOrEqual(2);
    // The first save set the number and all three secrets; refused saves left no event.
    expect(events[0]).toMatchObject({
      detail: {
        phoneNumberId: PHONE_NUMBER_ID,
        previousPhoneNumberId: null,
        changed: ['access_token', 'app_secret', 'verify_token'],
      },
    });
    expect(events.every((event) => event.institutionId === acme.institution.id)).toBe(true);
    expect(events.at(-1)).toMatchObject({
      userId: acme.owner.id,
      institutionId: acme.institution.id,
      detail: {
        assistantId: sales.id,
        phoneNumberId: PHONE_NUMBER_ID,
        previousPhoneNumberId: PHONE_NUMBER_ID,
        changed: ['app_secret'],
      },
    });
    const all = JSON.stringify(events);
    for (const secret of [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN, 'rotated-secret'])
      expect(all).not.toContain(secret);
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
