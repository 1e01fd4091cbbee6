/**
 * The live stream of an assistant's file events (`GET institution-product/{id}/events`, SSE), and
 * of its live conversations for those who may read conversations (docs/product.md#live-conversations).
 * A stream holds a connection and a subscription for as long as the tab stays open, so each is
 * bounded: at most `EVENT_STREAMS_PER_USER` open at once per user (per process: each server
 * process counts its own connections), a maximum lifetime after which it ends and the client
 * connects again (through the full authorisation), and the session and the member's permission
 * looked up again at every heartbeat so that a logout, a password change, a removal from the
 * institution or a role without the permission ends it.
 */
import { CONVERSATION_EVENT } from '@conversa/contract/chat';
import { FILE_EVENT } from '@conversa/contract/knowledge';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { can, type Permission, rolesIn } from '@conversa/contract/roles';
import { accessChecks, type StaffToken } from '../auth/access';
import type { AssistantScope } from '../auth/scope';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { liveTopic } from '../events/topics';
import { fileTopic } from './files.service';

/** Streams one user may hold open at once in one process (a few tabs, not a connection flood). */
export const EVENT_STREAMS_PER_USER = 10;
/** Seconds a refused client is told to wait: places free up when tabs close. */
const RETRY_AFTER_SECONDS = 30;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The file event streams of one app; make one per process (it holds the per-user counts). */
export function fileEventStreams(deps: AppDeps) {
  const { heartbeatMs, maxAgeMs } = deps.config.eventStreams;
  const openByUser = new Map<number, number>();
  const access = accessChecks(deps);

  /**
   * True while the session is neither revoked nor expired nor idle and its user still holds
   * `permission` in the institution (the checks every request makes): a member removed from the
   * institution, or whose role lost the permission, is as gone as a logged-out one. A heartbeat is
   * not the person's activity, so an open tab alone does not keep a session alive.
   */
  const rolesNow = (token: StaffToken, institutionId: number) =>
    access.session(token, institutionId, { activity: false }).then(
      ({ user, memberRole }) => rolesIn(memberRole, user.isAdmin),
      () => [],
    );

  /** Takes a place for the user (synchronously, so concurrent requests cannot overshoot). */
  function take(userId: number): () => void {
    const open = openByUser.get(userId) ?? 0;
    if (open >= EVENT_STREAMS_PER_USER) {
      throw new ApiError(429, 'too_many_streams', {
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    }
    openByUser.set(userId, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (openByUser.get(userId) ?? 1) - 1;
      if (left > 0) openByUser.set(userId, left);
      else openByUser.delete(userId);
    };
  }

  /**
   * Answers with the stream of an assistant's file events for the signed-in staff user of `scope`,
   * who must keep `permission` there (the endpoint's) for as long as it is open.
   */
  return function open(c: Context<AppEnv>, scope: AssistantScope, permission: Permission): Response {
    const { assistantId, institutionId } = scope;
    const { userId, sessionId } = scope.user;
    const release = take(userId);
    try {
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        const counted = deps.metrics.streamOpened('files');
        const stop = new AbortController();
        const end = () => stop.abort();
        stream.onAbort(end);
        if (deps.events.closed.aborted) end();
        else deps.events.closed.addEventListener('abort', end, { once: true });
        const lifetime = setTimeout(end, maxAgeMs);
        // Writes in order, one at a time, whatever the rate of events.
        let writing = Promise.resolve();
        const send = (event: string, data: unknown) => {
          writing = writing.then(() => stream.writeSSE({ event, data: JSON.stringify(data) }));
        };
        const unsubscribeFiles = deps.events.subscribe(fileTopic(assistantId), (event) =>
          send(FILE_EVENT, event),
        );
        // Live conversations, for those who may read conversations (checked again at each heartbeat).
        let readsConversations = can(scope.roles, 'conversation.read');
        const unsubscribeLive = deps.events.subscribe(liveTopic(assistantId), (event) => {
          if (readsConversations) send(CONVERSATION_EVENT, event);
        });
        const unsubscribe = () => {
          unsubscribeFiles();
          unsubscribeLive();
        };
        try {
          await stream.write(': connected\n\n');
          for (;;) {
            await pause(heartbeatMs, stop.signal);
            if (stop.signal.aborted || stream.aborted) break;
            const roles = await rolesNow({ userId, sessionId }, institutionId);
            if (!can(roles, permission)) break;
            readsConversations = can(roles, 'conversation.read');
            writing = writing.then(() => stream.write(': ping\n\n').then(() => undefined));
            await writing;
          }
        } finally {
          clearTimeout(lifetime);
          deps.events.closed.removeEventListener('abort', end);
          unsubscribe();
          release();
          counted();
        }
      });
    } catch (error) {
      release();
      throw error;
    }
  };
}
