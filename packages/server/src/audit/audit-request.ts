/** Audit events of staff requests: the signed-in user and the client IP come from the request. */
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { audit, type AuditEvent } from './audit.service';

/** Records an event of a signed-in staff request. */
export function auditRequest(
  c: Context<AppEnv>,
  deps: AppDeps,
  event: Omit<AuditEvent, 'userId' | 'ip'>,
): Promise<void> {
  return audit(deps, { ...event, userId: c.get('auth').userId, ip: clientIp(c, deps.config) });
}
