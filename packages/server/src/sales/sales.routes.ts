/**
 * Sales-support routes (docs/architecture.md#sales-support): the numbers allowed to use an
 * assistant on WhatsApp (allowed-numbers.service.ts), the assistant's WhatsApp channel
 * (whatsapp/channel.service.ts) and the fields of its leads and orders.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { allowedNumbersService } from './allowed-numbers.service';
import { recordFieldsRepo } from './record-fields.repo';
import { channelService } from './whatsapp/channel.service';

export function salesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const numbers = allowedNumbersService(deps);
  const channel = channelService(deps);
  const fields = recordFieldsRepo(deps.database.db);
  /** Who asks, from where. */
  const caller = (c: Context<AppEnv>, user: { userId: number }) => ({
    userId: user.userId,
    ip: clientIp(c, deps.config),
    locale: c.get('locale'),
    logger: c.get('logger'),
  });

  // Any assistant of the caller's may be listed: only sales support ever has numbers.
  route(app, endpoints.listAllowedNumbers, async (c, { scope, query }) => {
    const { page, 'per-page': perPage, q } = query;
    const { items, total } = await numbers.list(scope, q, { page, perPage });
    return okPage(c, { items, total, page, perPage });
  });

  route(app, endpoints.addAllowedNumber, async (c, { scope, body }) => {
    return ok(c, await numbers.add(scope.institutionId, body, c.get('locale')), 201);
  });

  route(app, endpoints.deleteAllowedNumbers, async (c, { scope, body }) => {
    await numbers.remove(caller(c, scope.user), scope.institutionId, body.ids);
    return ok(c, { message: translate(c.get('locale'), 'phone_deleted'), code: 'phone_deleted' });
  });

  // Any assistant of the caller's may be read: only sales support ever has a channel.
  route(app, endpoints.getWhatsappSettings, async (c, { scope }) => ok(c, await channel.settings(scope)));

  route(app, endpoints.updateWhatsappSettings, async (c, { scope, body }) => {
    const ref = { institutionId: scope.institutionId, assistantId: scope.assistantId };
    return ok(c, await channel.save(caller(c, scope.user), ref, body));
  });

  for (const [kind, get, put] of [
    ['lead', endpoints.getLeadFields, endpoints.putLeadFields],
    ['order', endpoints.getOrderFields, endpoints.putOrderFields],
  ] as const) {
    // Any assistant of the caller's may be read: only sales support ever has fields.
    route(app, get, async (c, { scope }) => ok(c, { fields: await fields.get(scope, kind) }));
    route(app, put, async (c, { scope, body }) => {
      return ok(c, { fields: await fields.set(scope, kind, body.fields) });
    });
  }

  return app;
}
