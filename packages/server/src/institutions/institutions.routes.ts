/**
 * Institutions: `POST institution` (201; the creator becomes its main member and it becomes their
 * session's institution), the admin's list, one institution read and replaced, and
 * `GET user/{id}/institution` for the sign-in's select-institution step.
 */
import { MAX_INSTITUTIONS_PER_USER } from '@conversa/contract/constants';
import { ListInstitutionsQuerySchema } from '@conversa/contract/institution';
import { Hono } from 'hono';
import { authorize, headerInstitution, requireAdmin, requireStaff } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { forbidden, notFound, quotaExceeded } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { readId, readJson, readQuery } from '../http/validate';
import { institutionsRepo } from './institutions.repo';
import {
  CreateInstitutionInputSchema,
  firstProduct,
  namePattern,
  UpdateInstitutionInputSchema,
} from './institutions.service';

/** The institution routes. */
export function institutionsRoutes(deps: AppDeps) {
  const repo = institutionsRepo(deps.database.db);
  const staff = requireStaff(deps);
  // Authorised against the path id; a header naming another institution never widens access.
  const inPathInstitution = requireStaff(deps, { institution: { param: 'id' } });

  return new Hono<AppEnv>()
    .post('/institution', staff, async (c) => {
      const input = await readJson(c, CreateInstitutionInputSchema);
      const institution = await repo.insert({
        ownerId: c.get('auth').userId,
        input,
        firstProduct: firstProduct(input.kind, input.name),
        now: deps.clock.now(),
        locale: c.get('locale'),
        quota: c.get('auth').isAdmin ? null : MAX_INSTITUTIONS_PER_USER,
      });
      if (!institution) throw quotaExceeded('institution_quota', MAX_INSTITUTIONS_PER_USER);
      // A new membership changes what this user's cached sessions may do.
      deps.sessionCache.forgetUser(c.get('auth').userId);
      return ok(c, institution, 201);
    })
    .get('/institution', staff, async (c) => {
      requireAdmin(c);
      const query = readQuery(c, ListInstitutionsQuerySchema);
      const page = query.page;
      const perPage = query['per-page'];
      const { items, total } = await repo.list({
        pattern: namePattern(query.name),
        page,
        perPage,
        locale: c.get('locale'),
      });
      return okPage(c, { items, total, page, perPage });
    })
    .get('/institution/:id', inPathInstitution, async (c) => {
      headerInstitution(c);
      const id = authorize(c, 'institution.read');
      const institution = await repo.find(id, c.get('locale'));
      if (!institution) throw notFound();
      return ok(c, institution);
    })
    .put('/institution/:id', inPathInstitution, async (c) => {
      headerInstitution(c);
      const id = authorize(c, 'institution.update');
      const input = await readJson(c, UpdateInstitutionInputSchema);
      const institution = await repo.update(id, input, deps.clock.now(), c.get('locale'));
      if (!institution) throw notFound();
      return ok(c, institution);
    })
    .get('/user/:id/institution', staff, async (c) => {
      const auth = c.get('auth');
      const userId = readId(c);
      if (userId !== auth.userId && !auth.isAdmin) throw forbidden();
      const list = await repo.listOfUser(userId);
      if (!list) throw notFound();
      return ok(c, list);
    });
}
