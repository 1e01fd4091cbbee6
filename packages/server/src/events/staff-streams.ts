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
import { can, type Permission, rolesIn } from '@conversa/contract/roles';
import { accessChecks, type StaffToken } from '../auth/access';
import type { InstitutionScope } from '../auth/scope';
import type { AppDeps } from '../deps';
import type { StreamKind } from '../meta/metrics';
import type { AppEnv } from '../http/env';
import { boundedSse, streamPlaces } from './bounded-sse';

/** Streams one user may hold open at once in one process (a few tabs, not a connection flood). */
export const EVENT_STREAMS_PER_USER = 10;

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
  const take = streamPlaces(EVENT_STREAMS_PER_USER);
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
    // Each source's permission is checked again at each heartbeat.
    let roles = scope.roles;
    return boundedSse(c, deps, {
      kind,
      release: take(userId),
      async start(outlet) {
        for (const source of sources)
          outlet.onClose(
            deps.events.subscribe(source.topic, (data) => {
              if (source.permission && !can(roles, source.permission)) return;
              outlet.queue((sse) => sse.writeSSE({ event: source.event, data: JSON.stringify(data) }));
            }),
          );
        outlet.queue((sse) => sse.write(': connected\n\n').then(() => undefined));
      },
      async beat() {
        roles = await rolesNow({ userId, sessionId }, institutionId);
        return can(roles, permission);
      },
    });
  };
}
