/**
 * Institutions: `POST institution` (201; the creator becomes its main member and it becomes their
 * session's institution), the admin's list, one institution read and replaced, and
 * `GET user/{id}/institution` for the sign-in's select-institution step; the institution's logo
 * (`POST institution/{id}/logo`, `.../logo/delete`), received and stored as an assistant's.
 */
import { MAX_INSTITUTIONS_PER_USER } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound, quotaExceeded } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { logoStore } from '../assistants';
import { institutionsRepo } from './institutions.repo';
import { containsPattern } from '../db/like';
import { assertKnownCountry, firstAssistant } from './institutions.service';

/** The institution routes. */
export function institutionsRoutes(deps: AppDeps) {
  const repo = institutionsRepo(deps.database.db, deps.config.publicUrl);
  const logos = logoStore(deps);
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

  route(app, endpoints.uploadInstitutionLogo, async (c, { scope }) => {
    const name = await logos.receive(c, scope.institutionId);
    const institution = await logos.point(name, async () => {
      const set = await repo.setLogo(scope.institutionId, name, deps.clock.now(), c.get('locale'));
      return set && { result: set.institution, replaced: set.replaced };
    });
    return ok(c, institution);
  });

  route(app, endpoints.deleteInstitutionLogo, async (c, { scope }) => {
    const institution = await logos.point(null, async () => {
      const set = await repo.setLogo(scope.institutionId, null, deps.clock.now(), c.get('locale'));
      return set && { result: set.institution, replaced: set.replaced };
    });
    return ok(c, institution);
  });

  route(app, endpoints.userInstitutions, async (c, { scope }) => {
    const list = await repo.listOfUser(scope.userId);
    if (!list) throw notFound();
    return ok(c, list);
  });
  return app;
}
