/**
 * The HTTP of retention, one person's data and deletions (issue 36). Tenancy and roles are the
 * route helper's (the contract's entries); the rules are the services'.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { deletionService } from './deletion.service';
import { personService } from './person.service';
import { retentionService } from './retention.service';

export function privacyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const retention = retentionService(deps);
  const person = personService(deps);
  const deletion = deletionService(deps);
  const ip = (c: Context<AppEnv>) => clientIp(c, deps.config);
  const deleted = (c: Context<AppEnv>) =>
    ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });

  route(app, endpoints.getRetention, async (c, { scope }) => ok(c, await retention.get(scope.institutionId)));

  route(app, endpoints.putRetention, async (c, { scope, body }) =>
    ok(c, await retention.put({ userId: scope.user.userId, ip: ip(c) }, scope.institutionId, body)),
  );

  const personCaller = (c: Context<AppEnv>, userId: number) => ({
    userId,
    ip: ip(c),
    locale: c.get('locale'),
  });

  route(app, endpoints.findPerson, async (c, { scope, query }) =>
    ok(c, await person.find(personCaller(c, scope.user.userId), scope.institutionId, query)),
  );

  route(app, endpoints.exportPerson, async (c, { scope, query }) => {
    const result = await person.export(personCaller(c, scope.user.userId), scope.institutionId, query);
    // The file name holds no personal data; the console saves the answer's `data`.
    c.header('Content-Disposition', 'attachment; filename="person-export.json"');
    c.header('Cache-Control', 'no-store');
    return ok(c, result);
  });

  route(app, endpoints.erasePerson, async (c, { scope, body }) =>
    ok(c, await person.erase(personCaller(c, scope.user.userId), scope.institutionId, body)),
  );

  route(app, endpoints.deleteOwnConversation, async (c, { scope }) => {
    await deletion.removeOwnConversation(scope, ip(c));
    return deleted(c);
  });

  const caller = (c: Context<AppEnv>, user: Parameters<typeof deletion.accountDeletion>[0]) => ({
    user,
    ip: ip(c),
    locale: c.get('locale'),
  });

  route(app, endpoints.deleteAssistants, async (c, { scope, body }) => {
    await deletion.removeAssistants(caller(c, scope.user), scope.institutionId, body.ids);
    return deleted(c);
  });

  route(app, endpoints.deleteInstitution, async (c, { scope, body }) => {
    await deletion.removeInstitution(caller(c, scope.user), scope, body.confirm_name);
    return deleted(c);
  });

  route(app, endpoints.getAccountDeletion, async (c, { scope, params }) =>
    ok(c, await deletion.accountDeletion(scope.user, params.id)),
  );

  route(app, endpoints.deleteAccount, async (c, { scope, params, body }) => {
    await deletion.removeAccount(caller(c, scope.user), params.id, body);
    return deleted(c);
  });

  return app;
}
