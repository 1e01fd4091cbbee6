/**
 * The team's HTTP (docs/architecture.md#tenancy-and-auth): members and their roles, and invitations
 * by e-mail, run by managers (`team.manage`: main, admin-staff). The rules are `team.service.ts`'s.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { teamService } from './team.service';

export function teamRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const team = teamService(deps);
  const caller = <S>(c: Context<AppEnv>, scope: S) => ({
    scope,
    ip: clientIp(c, deps.config),
    locale: c.get('locale'),
  });
  const deleted = (c: Context<AppEnv>) =>
    ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });

  route(app, endpoints.listMembers, async (c, { scope }) => ok(c, await team.members(scope.institutionId)));

  route(app, endpoints.updateMember, async (c, { scope, params, body }) =>
    ok(c, await team.changeRole(caller(c, scope), params.userId, body.role)),
  );

  route(app, endpoints.deleteMembers, async (c, { scope, body }) => {
    await team.remove(caller(c, scope), body.ids);
    return deleted(c);
  });

  route(app, endpoints.listInvitations, async (c, { scope }) =>
    ok(c, await team.invitations(scope.institutionId)),
  );

  route(app, endpoints.createInvitation, async (c, { scope, body }) =>
    ok(c, await team.invite(caller(c, scope), body), 201),
  );

  route(app, endpoints.resendInvitation, async (c, { scope, params }) =>
    ok(c, await team.resend(caller(c, scope), params.id)),
  );

  route(app, endpoints.revokeInvitations, async (c, { scope, body }) => {
    await team.revoke(caller(c, scope), body.ids);
    return deleted(c);
  });

  route(app, endpoints.getInvitation, async (c, { params }) => ok(c, await team.byToken(params.token)));

  route(app, endpoints.acceptInvitation, async (c, { scope: { user }, params }) =>
    ok(c, await team.accept(caller(c, user), params.token)),
  );

  return app;
}
