/**
 * Leads and orders in the console (docs/architecture.md#sales-support): lists with their filters,
 * their dashboards, staff creating and correcting records (checked against the assistant's configured fields, the
 * staff member named as the seller, each change in the history), a record's card with the WhatsApp
 * messages it came from, and bulk deletes that are all or none.
 */
import { endpoints } from '@conversa/contract/endpoints';
import {
  type FieldValues,
  LEAD_IMPORT_MAX_BYTES,
  type Lead,
  type Order,
  type RecordChange,
} from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { Hono } from 'hono';
import { auditedDownload, auditRequest } from '../audit/audit-request';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import type { Locale } from '@conversa/contract/constants';
import { translate } from '../i18n/translate';
import { institutionCountry } from '../institutions';
import { leadImportLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { findUserName } from '../users';
import { type LeadInput, type OrderInput, recordCheck } from './record-input';
import { recordFieldsRepo } from './record-fields.repo';
import { csvCells, recordsCsv } from './records-csv';
import { leadCsvInThread } from './csv-thread';
import { fileRequired, readAll, readMultipart } from '../files';
import { dayIn } from '../db/days';
import { type AssistantRef, type RecordInput, type RecordRow, recordsRepo } from './records.repo';
import { leadsDashboard, ordersDashboard } from './records-dashboard';
import { salesAssistantOf } from './sales-assistant';

const entered = (row: RecordRow) => ({
  seller: row.sellerName,
  seller_number: row.sellerNumber,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toLead = (row: RecordRow): Lead => ({
  id: row.id,
  institution_product_id: row.assistantId,
  company: row.company,
  contact_name: row.contactName ?? '',
  phone: row.phone,
  email: row.email,
  notes: row.notes,
  fields: row.fields,
  ...entered(row),
});

const toOrder = (row: RecordRow): Order => ({
  id: row.id,
  institution_product_id: row.assistantId,
  company: row.company,
  lines: row.lines,
  notes: row.notes,
  fields: row.fields,
  ...entered(row),
});

export function recordsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const salesAssistant = salesAssistantOf(db);
  const definitions = recordFieldsRepo(db);

  const countryOf = (institutionId: number) => institutionCountry(db, institutionId);

  /** The staff member as a record's author: their name (their e-mail when they gave none). */
  async function author(userId: number) {
    const row = await findUserName(db, userId);
    return { name: row?.fullName.trim() || row?.email || '', number: null, userId };
  }

  /** A body read as a record's values, or a 400 naming each field that is wrong. */
  async function inputOf(
    ref: AssistantRef,
    kind: RecordKind,
    body: LeadInput | OrderInput,
    kept: FieldValues,
    locale: Locale,
  ): Promise<RecordInput> {
    const check = recordCheck(await definitions.get(ref, kind), await countryOf(ref.institutionId), locale);
    const { input, issues } = check(body, kept);
    if (issues.length > 0) throw new ApiError(400, 'validation_failed', { issues });
    return input;
  }

  /** The WhatsApp conversation a record came from (the seller's messages and the replies), and its history. */
  async function cardOf(row: RecordRow) {
    const records = recordsRepo(db);
    const messages = await records.messages(row);
    const history = await records.history(row.id);
    return {
      messages: messages.map((message) => ({
        id: message.id,
        direction: message.direction as 'in' | 'out',
        body: message.body,
        created_at: message.createdAt.toISOString(),
      })),
      history: history.map((entry): RecordChange => ({
        at: entry.at.toISOString(),
        by: entry.byName,
        action: entry.action as RecordChange['action'],
        changes: entry.changes,
      })),
    };
  }

  for (const kind of ['lead', 'order'] as const) {
    const toRow = (row: RecordRow): Lead | Order => (kind === 'lead' ? toLead(row) : toOrder(row));
    const [list, create, update, remove, download] =
      kind === 'lead'
        ? [
            endpoints.listLeads,
            endpoints.createLead,
            endpoints.updateLead,
            endpoints.deleteLeads,
            endpoints.downloadLeads,
          ]
        : [
            endpoints.listOrders,
            endpoints.createOrder,
            endpoints.updateOrder,
            endpoints.deleteOrders,
            endpoints.downloadOrders,
          ];

    route(app, download, async (c, { scope, query }) => {
      const ref = await salesAssistant(scope.institutionId, query.institution_product_id);
      const fields = await definitions.get(ref, kind);
      const audited = auditedDownload(c, deps, scope.user, { what: `${kind}s`, ...ref });
      const rows = recordsRepo(db).stream(ref, kind, query, csvCells(kind, fields, query.tz), audited);
      const csv = recordsCsv(kind, audited.chunks(rows), { locale: c.get('locale'), definitions: fields });
      const day = dayIn(deps.clock.now(), query.tz);
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${kind}s-${ref.assistantId}-${day}.csv"`,
          'cache-control': 'no-store',
        },
      });
    });

    route(app, list, async (c, { scope, query }) => {
      const ref = await salesAssistant(scope.institutionId, query.institution_product_id);
      const { items, total } = await recordsRepo(db).list(ref, kind, query);
      return okPage(c, {
        items: items.map(toRow),
        total,
        page: query.page,
        perPage: query['per-page'],
      });
    });

    route(app, create, async (c, { scope, body }) => {
      const ref = await salesAssistant(scope.institutionId, body.institution_product_id);
      const input = await inputOf(ref, kind, body, {}, c.get('locale'));
      const by = await author(scope.user.userId);
      const row = await db.transaction(async (tx) => {
        const records = recordsRepo(tx);
        const id = await records.create(ref, kind, input, by);
        return records.find(ref, kind, id);
      });
      return ok(c, toRow(row!), 201);
    });

    route(app, update, async (c, { scope, params, body }) => {
      const ref = await salesAssistant(scope.institutionId, body.institution_product_id);
      const current = await recordsRepo(db).find(ref, kind, params.id);
      if (!current) throw notFound();
      const input = await inputOf(ref, kind, body, current.fields, c.get('locale'));
      const by = await author(scope.user.userId);
      const row = await db.transaction(async (tx) => {
        const records = recordsRepo(tx);
        // Read again inside the transaction: the history compares with what is stored now.
        const fresh = await records.find(ref, kind, params.id);
        if (!fresh) throw notFound();
        await records.update(ref, fresh, input, by);
        return records.find(ref, kind, params.id);
      });
      return ok(c, toRow(row!));
    });

    route(app, remove, async (c, { scope, body }) => {
      const removed = await db.transaction((tx) =>
        recordsRepo(tx).remove(scope.institutionId, kind, body.ids),
      );
      if (!removed) throw notFound();
      await auditRequest(c, deps, scope.user, {
        action: 'deleted',
        institutionId: scope.institutionId,
        detail: { what: kind, ids: body.ids, count: body.ids.length },
      });
      return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
    });
  }

  route(app, endpoints.getLeadsDashboard, async (c, { scope, query }) => {
    const ref = await salesAssistant(scope.institutionId, query.institution_product_id);
    return ok(c, await leadsDashboard(db, ref, query, deps.clock.now()));
  });

  route(app, endpoints.getOrdersDashboard, async (c, { scope, query }) => {
    const ref = await salesAssistant(scope.institutionId, query.institution_product_id);
    return ok(c, await ordersDashboard(db, ref, query, deps.clock.now()));
  });

  route(app, endpoints.importLeads, async (c, { scope, query }) => {
    const ref = await salesAssistant(scope.institutionId, query.institution_product_id);
    // Counted before the body is read: past the limit, not a byte of it is.
    await takeLimits(deps, [leadImportLimit(ref.institutionId)]);
    let file: Uint8Array | null = null;
    await readMultipart(c, {
      field: 'file',
      maxFileBytes: LEAD_IMPORT_MAX_BYTES,
      maxBodyBytes: LEAD_IMPORT_MAX_BYTES + 64 * 1024,
      async onFile(received) {
        file ??= await readAll(received);
      },
    });
    if (!file) throw fileRequired(c, 'file');
    const options = {
      assistantId: ref.assistantId,
      definitions: await definitions.get(ref, 'lead'),
      country: await countryOf(ref.institutionId),
      locale: c.get('locale'),
    };
    const { good, refused } = await leadCsvInThread(file, options, deps.config.leadImportBudgetMs);
    if (!query.dry_run && good.length > 0) {
      const by = await author(scope.user.userId);
      // Every good row or, should the database fail, none.
      await db.transaction((tx) => recordsRepo(tx).createLeads(ref, good, by));
    }
    if (!query.dry_run)
      await auditRequest(c, deps, scope.user, {
        action: 'leads_imported',
        institutionId: ref.institutionId,
        detail: { assistant_id: ref.assistantId, imported: good.length, refused: refused.length },
      });
    return ok(c, { imported: good.length, dry_run: query.dry_run, refused });
  });

  /** A record of the institution by id alone (its card's address names no assistant). */
  async function recordById(institutionId: number, kind: RecordKind, id: number) {
    const row = await recordsRepo(db).findInInstitution(institutionId, kind, id);
    if (!row) throw notFound();
    return row;
  }

  route(app, endpoints.getLead, async (c, { scope, params }) => {
    const row = await recordById(scope.institutionId, 'lead', params.id);
    return ok(c, { ...toLead(row), ...(await cardOf(row)) });
  });

  route(app, endpoints.getOrderDetail, async (c, { scope, params }) => {
    const row = await recordById(scope.institutionId, 'order', params.id);
    return ok(c, { ...toOrder(row), ...(await cardOf(row)) });
  });

  return app;
}
