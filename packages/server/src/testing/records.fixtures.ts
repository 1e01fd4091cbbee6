/**
 * The leads and orders tests' server: Acme (its owner named Rosa Rivera) with a sales-support
 * assistant on WhatsApp, a seller and two lead fields (a required budget, a visit date), Globex as
 * the other tenant, and calls as Acme's owner.
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { Lead } from '@conversa/contract/records';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '../db/schema';
import { createTenant, type Tenant } from './institutions.fixtures';
import { createTestServer, type TestServer } from './index';
import { createSalesChannel, type GraphPeer, startGraphPeer } from './webhook.fixtures';

export const SELLER = '+34612345678';

/**
 * Starts the server for the file (before its tests) and closes it after; `ctx` is filled then.
 * `env` adds to the server's environment.
 */
export function recordsServer(env: Record<string, string> = {}) {
  const ctx = {} as {
    graph: GraphPeer;
    server: TestServer;
    acme: Tenant;
    other: Tenant;
    sales: AssistantListItem;
  };
  beforeAll(async () => {
    ctx.graph = await startGraphPeer();
    ctx.server = await createTestServer({ env: { WHATSAPP_GRAPH_URL: ctx.graph.url, ...env } });
    ctx.acme = await createTenant(ctx.server, { name: 'Acme Muebles', kind: 'business', country: 'ES' });
    ctx.other = await createTenant(ctx.server, { name: 'Globex', kind: 'business', country: 'ES' });
    await ctx.server.database.db
      .update(users)
      .set({ fullName: 'Rosa Rivera' })
      .where(eq(users.email, ctx.acme.owner.email));
    ctx.sales = await createSalesChannel(ctx.server, ctx.acme, {
      sellers: [[SELLER, 'Tomás Vidal']],
      leadFields: [
        { key: 'budget', labels: { en: 'Budget', es: 'Presupuesto' }, type: 'number', required: true },
        { key: 'visit', labels: { en: 'Visit', es: 'Visita' }, type: 'date', required: false },
      ],
    });
  });
  afterAll(async () => {
    await ctx.server.close();
    await ctx.graph.close();
  });

  const as = (tenant: Tenant = ctx.acme) => ({
    token: tenant.owner.token,
    institution: tenant.institution.id,
  });
  const send =
    (method: 'POST' | 'PUT') =>
    <T>(path: string, json: unknown, tenant?: Tenant) =>
      ctx.server.call<{ data: T; issues?: { path: string; code: string }[] }>(`/api/${path}`, {
        method,
        ...as(tenant),
        json,
      });
  const get = <T>(path: string, tenant?: Tenant) =>
    ctx.server.call<{ data: T; code?: string }>(`/api/${path}`, as(tenant));
  return {
    ctx,
    as,
    post: send('POST'),
    put: send('PUT'),
    get,
    /** The companies of Acme's leads the list shows with `query`. */
    leads: async (query = '') =>
      (await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}${query}`)).body.data.map(
        (lead) => lead.company,
      ),
    /** A lead body for Acme's assistant. */
    lead: (company: string, rest: Record<string, unknown> = {}) => ({
      institution_product_id: ctx.sales.id,
      company,
      contact_name: 'Marta Gil',
      fields: { budget: 1000 },
      ...rest,
    }),
    /** `POST lead/import` of `csv` (a file `leads.csv` unless named) for Acme's assistant. */
    importLeads: (csv: string | Uint8Array, query = '', options: { name?: string; locale?: string } = {}) => {
      const form = new FormData();
      const bytes = typeof csv === 'string' ? new TextEncoder().encode(csv) : csv;
      form.append(
        'file',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/csv' }),
        options.name ?? 'leads.csv',
      );
      return ctx.server.call<{
        data: {
          imported: number;
          dry_run: boolean;
          refused: { line: number; issues: { path: string; code: string }[] }[];
        };
        issues?: { path: string; code: string; message: string }[];
      }>(`/api/lead/import?institution_product_id=${ctx.sales.id}${query}`, {
        method: 'POST',
        ...as(),
        ...(options.locale ? { locale: options.locale } : {}),
        body: form,
      });
    },
    /** An order body for Acme's assistant. */
    order: (company: string, lines: unknown[], rest: Record<string, unknown> = {}) => ({
      institution_product_id: ctx.sales.id,
      company,
      lines,
      ...rest,
    }),
  };
}
