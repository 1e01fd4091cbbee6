/** Audit events recorded from a request: the user and the client IP come from it. */
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { audit, type AuditEvent } from './audit.service';

/** Records an event of a signed-in staff request by `user`. */
export function auditRequest(
  c: Context<AppEnv>,
  deps: AppDeps,
  user: { userId: number },
  event: Omit<AuditEvent, 'userId' | 'ip'>,
): Promise<void> {
  return audit(deps, { ...event, userId: user.userId, ip: clientIp(c, deps.config) });
}

/** Records a sign-in through a provider (password sign-ins are recorded by the login service). */
export function auditSignIn(
  c: Context<AppEnv>,
  deps: AppDeps,
  userId: number,
  method: 'google' | 'microsoft',
): Promise<void> {
  return audit(deps, { action: 'sign_in', userId, ip: clientIp(c, deps.config), detail: { method } });
}
