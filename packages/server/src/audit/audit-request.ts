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

/**
 * A CSV download's chunks, recorded once they are all sent or the download stops: what, whose
 * assistant and how many rows (`counted` adds each chunk's), `complete` false when cut short.
 * Never the rows themselves, nor the filters (a search may be a name).
 */
export function auditedDownload(
  c: Context<AppEnv>,
  deps: AppDeps,
  user: { userId: number },
  download: { what: 'conversations' | 'leads' | 'orders'; institutionId: number; assistantId: number },
) {
  // Read now: the body is streamed after the handler has returned.
  const ip = clientIp(c, deps.config);
  let rows = 0;
  return {
    counted(size: number) {
      rows += size;
    },
    async *chunks<T>(chunks: AsyncIterable<T>): AsyncGenerator<T> {
      let complete = false;
      try {
        yield* chunks;
        complete = true;
      } finally {
        await audit(deps, {
          action: 'downloaded',
          userId: user.userId,
          institutionId: download.institutionId,
          ip,
          detail: { what: download.what, assistant_id: download.assistantId, rows, complete },
        });
      }
    },
  };
}
