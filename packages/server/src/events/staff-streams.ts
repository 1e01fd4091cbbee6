/**
 * Staff's live streams (SSE) of bus topics: an assistant's file events and live conversations
 * (`GET institution-product/{id}/events`), an institution's live conversations
 * (`GET institution/{id}/events`; docs/product.md#live-conversations). Each source is a topic, the
 * event name it is sent as, and the permission it needs (checked at open and at each heartbeat).
 * A stream holds a connection and a subscription for as long as the tab stays open, so each is
 * bounded: at most `EVENT_STREAMS_PER_USER` open at once per user (per process: each server
 * process counts its own connections), a maximum lifetime after which it ends and the client
 * connects again (through the full authorisation), and the session and the member's permission
 * looked up again at every heartbeat so that a logout, a password change, a removal from the
 * institution or a role without the permission ends it.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { can, type Permission, rolesIn } from '@conversa/contract/roles';
import { accessChecks, type StaffToken } from '../auth/access';
import type { InstitutionScope } from '../auth/scope';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import type { StreamKind } from '../meta/metrics';
import type { AppEnv } from '../http/env';

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

/** One topic a stream forwards: as which event, to whom. */
export interface StreamSource {
  topic: string;
  event: string;
  /** Forwarded only while the member holds it (the stream's own permission otherwise). */
  permission?: Permission;
}

const opened = new WeakMap<AppDeps, ReturnType<typeof makeStreams>>();

/** The staff streams of one app: one per app, whoever asks (it holds the per-user counts). */
export function staffEventStreams(deps: AppDeps) {
  let streams = opened.get(deps);
  if (!streams) opened.set(deps, (streams = makeStreams(deps)));
  return streams;
}

function makeStreams(deps: AppDeps) {
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
   * Answers with the stream of `sources` for the signed-in staff user of `scope`, who must keep
   * `permission` there (the endpoint's) for as long as it is open.
   */
  return function open(
    c: Context<AppEnv>,
    scope: InstitutionScope,
    permission: Permission,
    sources: readonly StreamSource[],
    kind: StreamKind = 'files',
  ): Response {
    const { institutionId } = scope;
    const { userId, sessionId } = scope.user;
    const release = take(userId);
    try {
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        const counted = deps.metrics.streamOpened(kind);
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
        // Each source's permission is checked again at each heartbeat.
        let roles = scope.roles;
        const unsubscribes = sources.map((source) =>
          deps.events.subscribe(source.topic, (data) => {
            if (!source.permission || can(roles, source.permission)) send(source.event, data);
          }),
        );
        const unsubscribe = () => {
          for (const stop of unsubscribes) stop();
        };
        try {
          await stream.write(': connected\n\n');
          for (;;) {
            await pause(heartbeatMs, stop.signal);
            if (stop.signal.aborted || stream.aborted) break;
            roles = await rolesNow({ userId, sessionId }, institutionId);
            if (!can(roles, permission)) break;
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
