/**
 * Institutions: `POST institution` (201; the creator becomes its main member and it becomes their
 * session's institution), the admin's list, one institution read and replaced, and
 * `GET user/{id}/institution` for the sign-in's select-institution step.
 */
import { MAX_INSTITUTIONS_PER_USER } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound, quotaExceeded } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { institutionsRepo } from './institutions.repo';
import { containsPattern } from '../db/like';
import { assertKnownCountry, firstAssistant } from './institutions.service';

/** The institution routes. */
export function institutionsRoutes(deps: AppDeps) {
  const repo = institutionsRepo(deps.database.db);
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.createInstitution, async (c, { scope: { user }, body }) => {
    assertKnownCountry(c.get('locale'), body.country);
    const institution = await repo.insert({
      ownerId: user.userId,
      input: body,
      firstAssistant: firstAssistant(body.kind, body.name),
      now: deps.clock.now(),
      locale: c.get('locale'),
      quota: user.isAdmin ? null : MAX_INSTITUTIONS_PER_USER,
    });
    if (!institution) throw quotaExceeded('institution_quota', MAX_INSTITUTIONS_PER_USER);
    // A new membership changes what this user's cached sessions may do.
    deps.sessionCache.forgetUser(user.userId);
    return ok(c, institution, 201);
  });

  route(app, endpoints.listInstitutions, async (c, { query }) => {
    const { page, 'per-page': perPage } = query;
    const { items, total } = await repo.list({
      pattern: containsPattern(query.name),
      page,
      perPage,
      locale: c.get('locale'),
    });
    return okPage(c, { items, total, page, perPage });
  });

  route(app, endpoints.getInstitution, async (c, { scope }) => {
    const institution = await repo.find(scope.institutionId, c.get('locale'));
    if (!institution) throw notFound();
    return ok(c, institution);
  });

  route(app, endpoints.updateInstitution, async (c, { scope, body }) => {
    assertKnownCountry(c.get('locale'), body.country);
    const institution = await repo.update(scope.institutionId, body, deps.clock.now(), c.get('locale'));
    if (!institution) throw notFound();
    return ok(c, institution);
  });

  route(app, endpoints.userInstitutions, async (c, { scope }) => {
    const list = await repo.listOfUser(scope.userId);
    if (!list) throw notFound();
    return ok(c, list);
  });
  return app;
}
