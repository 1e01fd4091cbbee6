/**
 * An assistant's websites (docs/architecture.md#websites): list and add them, change one's
 * settings, crawl one again now, remove some, and read a site's pages. Their crawl's progress
 * reaches the console on the assistant's event stream (`files.routes.ts`, `GET …/events`).
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import { auditRequest } from '../audit/audit-request';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { deletedWebsites, websitesService } from './websites.service';

/** The website routes. */
export function websitesRoutes(deps: AppDeps) {
  const websites = websitesService(deps);
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.listWebsites, async (c, { scope }) =>
    ok(c, await websites.list(scope.institutionId, scope.assistantId)),
  );

  route(app, endpoints.addWebsite, async (c, { scope, body }) => {
    const { site, created } = await websites.add(
      c.get('locale'),
      scope.institutionId,
      scope.assistantId,
      body,
    );
    return ok(c, site, created ? 201 : 200);
  });

  route(app, endpoints.updateWebsite, async (c, { scope, params, body }) =>
    ok(c, await websites.update(scope.institutionId, scope.assistantId, params.siteId, body)),
  );

  route(app, endpoints.syncWebsite, async (c, { scope, params }) =>
    ok(c, await websites.sync(scope.institutionId, scope.assistantId, params.siteId)),
  );

  route(app, endpoints.verifyWebsiteOwner, async (c, { scope, params }) =>
    ok(c, await websites.checkOwner(scope.institutionId, scope.assistantId, params.siteId)),
  );

  route(app, endpoints.deleteWebsites, async (c, { scope, body: { ids } }) => {
    const removed = await websites.remove(scope.institutionId, scope.assistantId, ids);
    await auditRequest(c, deps, scope.user, deletedWebsites(scope, removed));
    return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
  });

  route(app, endpoints.listWebsitePages, async (c, { scope, params, query }) => {
    const page = query.page;
    const perPage = query['per-page'];
    const { items, total } = await websites.pages(
      scope.institutionId,
      scope.assistantId,
      params.siteId,
      page,
      perPage,
    );
    return okPage(c, { items, total, page, perPage });
  });

  return app;
}
