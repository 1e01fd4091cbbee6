/**
 * The audit log of leads, orders and allowed numbers (PGlite and PostgreSQL): deletions, imports
 * (not dry runs) and CSV downloads are recorded with who, where and how many, never what they held.
 */
import type { AllowedNumber } from '@conversa/contract/sales';
import type { Lead, Order } from '@conversa/contract/records';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { recordsServer } from '../testing/records.fixtures';

const { ctx, as, post, get, importLeads, lead, order } = recordsServer();

/** Acme's owner's events after `since` (an event id), oldest first. */
const eventsAfter = async (since: number) =>
  (
    await ctx.server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, ctx.acme.owner.id))
      .orderBy(asc(auditEvents.id))
  ).filter((event) => event.id > since);

const lastEvent = async () => (await eventsAfter(0)).at(-1)?.id ?? 0;

/** What the events must never hold: the records' and the numbers' contents. */
const PERSONAL = ['Audit Uno', 'auditoria@acme.example', 'Marta Gil', '+34699111222', 'Importada', 'Nadie'];

describe('the audit log of sales records', () => {
  it('records lead and order deletions with their counts', async () => {
    const since = await lastEvent();
    const one = await post<Lead>('lead', lead('Audit Uno', { email: 'auditoria@acme.example' }));
    const two = await post<Lead>('lead', lead('Audit Dos'));
    const made = await post<Order>('order', order('Audit Uno', [{ product_code: 'A-1', quantity: 2 }]));
    const ip = '192.0.2.81';
    const remove = (kind: string, ids: number[]) =>
      ctx.server.call(`/api/${kind}/delete`, { method: 'POST', ...as(), json: { ids }, ip });
    expect((await remove('lead', [one.body.data.id, two.body.data.id])).status).toBe(200);
    expect((await remove('order', [made.body.data.id])).status).toBe(200);
    const events = await eventsAfter(since);
    expect(events).toMatchObject([
      {
        action: 'deleted',
        institutionId: ctx.acme.institution.id,
        ip,
        detail: { what: 'lead', ids: [one.body.data.id, two.body.data.id], count: 2 },
      },
      {
        action: 'deleted',
        institutionId: ctx.acme.institution.id,
        detail: { what: 'order', ids: [made.body.data.id], count: 1 },
      },
    ]);
    for (const text of PERSONAL) expect(JSON.stringify(events)).not.toContain(text);
  });

  it('records an import (not a dry run) and both downloads with their counts', async () => {
    const since = await lastEvent();
    const csv = 'Company,Contact,Budget\nImportada,Ana,1\n,Nadie,1\n';
    expect((await importLeads(csv, '&dry_run=true')).status).toBe(200);
    expect(await eventsAfter(since)).toEqual([]);
    expect((await importLeads(csv)).body.data.imported).toBe(1);
    const leads = await get<Lead[]>(`lead?institution_product_id=${ctx.sales.id}&per-page=100`);
    const orders = await get<Order[]>(`order?institution_product_id=${ctx.sales.id}&per-page=100`);
    for (const kind of ['lead', 'order']) {
      const response = await ctx.server.request(
        `/api/${kind}/download?institution_product_id=${ctx.sales.id}`,
        as(),
      );
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const events = await eventsAfter(since);
    expect(events).toMatchObject([
      {
        action: 'leads_imported',
        institutionId: ctx.acme.institution.id,
        detail: { assistant_id: ctx.sales.id, imported: 1, refused: 1 },
      },
      {
        action: 'downloaded',
        institutionId: ctx.acme.institution.id,
        detail: { what: 'leads', assistant_id: ctx.sales.id, rows: leads.body.data.length, complete: true },
      },
      {
        action: 'downloaded',
        detail: { what: 'orders', assistant_id: ctx.sales.id, rows: orders.body.data.length, complete: true },
      },
    ]);
    for (const text of PERSONAL) expect(JSON.stringify(events)).not.toContain(text);
  });

  it('records allowed-number deletions by id, never the number', async () => {
    const added = await ctx.server.call<{ data: AllowedNumber }>('/api/whatsapp-whitelist', {
      method: 'POST',
      ...as(),
      json: { institution_product_id: ctx.sales.id, phone_number: '+34699111222', seller_name: 'Auditora' },
    });
    expect(added.status).toBe(201);
    const since = await lastEvent();
    const removed = await ctx.server.call('/api/whatsapp-whitelist/delete', {
      method: 'POST',
      ...as(),
      json: { ids: [added.body.data.id] },
    });
    expect(removed.status).toBe(200);
    const events = await eventsAfter(since);
    expect(events).toMatchObject([
      {
        action: 'deleted',
        institutionId: ctx.acme.institution.id,
        detail: { what: 'allowed_number', ids: [added.body.data.id], count: 1 },
      },
    ]);
    for (const text of [...PERSONAL, 'Auditora']) expect(JSON.stringify(events)).not.toContain(text);
  });
});
