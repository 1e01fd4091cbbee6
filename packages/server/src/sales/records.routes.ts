/**
 * Leads and orders in the console (docs/architecture.md#sales-support): lists with their filters,
 * their dashboards, staff creating and correcting records, a record's card with the WhatsApp
 * messages it came from, bulk deletes, the CSV download and the leads' import. The rules are
 * `records.service.ts`'s.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { LEAD_IMPORT_MAX_BYTES } from '@conversa/contract/records';
import { Hono } from 'hono';
import { auditedDownload, auditRequest } from '../audit/audit-request';
import { dayIn } from '../db/days';
import type { AppDeps } from '../deps';
import { fileRequired, readAll, readMultipart } from '../files';
import type { AppEnv } from '../http/env';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { leadImportLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { recordFieldsRepo } from './record-fields.repo';
import { csvCells, recordsCsv } from './records-csv';
import { leadsDashboard, ordersDashboard } from './records-dashboard';
import { recordsRepo } from './records.repo';
import { recordsService, toRecord } from './records.service';
import { salesAssistantOf } from './sales-assistant';

export function recordsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const salesAssistant = salesAssistantOf(db);
  const definitions = recordFieldsRepo(db);
  const records = recordsService(deps);

  for (const kind of ['lead', 'order'] as const) {
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
        items: items.map((row) => toRecord(kind, row)),
        total,
        page: query.page,
        perPage: query['per-page'],
      });
    });

    route(app, create, async (c, { scope, body }) => {
      const ref = await salesAssistant(scope.institutionId, body.institution_product_id);
      return ok(c, await records.create(ref, kind, body, scope.user.userId, c.get('locale')), 201);
    });

    route(app, update, async (c, { scope, params, body }) => {
      const ref = await salesAssistant(scope.institutionId, body.institution_product_id);
      return ok(c, await records.update(ref, kind, params.id, body, scope.user.userId, c.get('locale')));
    });

    route(app, remove, async (c, { scope, body }) => {
      await records.remove(scope.institutionId, kind, body.ids);
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
    const { imported, refused } = await records.importLeads(ref, file, {
      dryRun: query.dry_run,
      userId: scope.user.userId,
      locale: c.get('locale'),
    });
    if (!query.dry_run)
      await auditRequest(c, deps, scope.user, {
        action: 'leads_imported',
        institutionId: ref.institutionId,
        detail: { assistant_id: ref.assistantId, imported, refused: refused.length },
      });
    return ok(c, { imported, dry_run: query.dry_run, refused });
  });

  route(app, endpoints.getLead, async (c, { scope, params }) =>
    ok(c, await records.card(scope.institutionId, 'lead', params.id)),
  );

  route(app, endpoints.getOrderDetail, async (c, { scope, params }) =>
    ok(c, await records.card(scope.institutionId, 'order', params.id)),
  );

  return app;
}
