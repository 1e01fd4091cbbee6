/**
 * The visitor's live stream (`GET public/conversation/{id}/events`, SSE; docs/product.md#live-conversations):
 * a person's replies, who answers now, and their typing. A connection first gets the replies after
 * its `Last-Event-ID` (each `message` event's id is the message's), then the status, then what
 * happens; it subscribes before it reads, so nothing falls between. Bounded like the staff streams:
 * a few per conversation and a ceiling per process, a heartbeat, and a maximum lifetime after which
 * the browser connects again.
 */
import type { LiveEvent } from '@conversa/contract/chat';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { boundedSse, streamPlaces } from '../events/bounded-sse';
import { conversationTopic } from '../events/topics';
import type { AppEnv } from '../http/env';
import type { ConversationRow, visitorConversationsRepo } from './visitor-conversations.repo';

/** Streams one conversation may hold open in one process (a few tabs). */
export const LIVE_STREAMS_PER_CONVERSATION = 3;
/** Visitor streams one process holds at most. */
export const LIVE_STREAMS_PER_PROCESS = 5_000;
/** Replies a reconnection is sent at most (the transcript has the rest). */
const REPLAY_MAX = 100;

/** The `Last-Event-ID` a browser sends back: the last reply it got (0 when none, or not a number). */
export function lastEventId(header: string | undefined): number {
  if (!header || !/^\d{1,15}$/.test(header)) return 0;
  return Number(header);
}

/** The visitor streams of one process. */
export function liveStreams(deps: AppDeps, repo: ReturnType<typeof visitorConversationsRepo>) {
  const take = streamPlaces(LIVE_STREAMS_PER_CONVERSATION, LIVE_STREAMS_PER_PROCESS);

  /** Answers with the visitor's stream of `conversation`. */
  return function stream(c: Context<AppEnv>, conversation: ConversationRow): Response {
    const { institutionId, id: conversationId } = conversation;
    const after = lastEventId(c.req.header('last-event-id'));
    return boundedSse(c, deps, {
      kind: 'live',
      release: take(conversationId),
      async start(outlet) {
        let sentUpTo = after;
        const send = (live: LiveEvent) =>
          outlet.queue(async (sse) => {
            if (live.event !== 'message')
              return sse.writeSSE({ event: live.event, data: JSON.stringify(live.data) });
            // A reply the replay already sent is not sent twice.
            if (live.data.id <= sentUpTo) return;
            sentUpTo = live.data.id;
            await sse.writeSSE({
              event: live.event,
              id: String(live.data.id),
              data: JSON.stringify(live.data),
            });
          });
        // Held until the replay is queued: what comes meanwhile follows it, in order.
        let early: LiveEvent[] | null = [];
        outlet.onClose(
          deps.events.subscribe(conversationTopic(conversationId), (event) => {
            if (early) early.push(event as LiveEvent);
            else send(event as LiveEvent);
          }),
        );
        const [replies, state] = await Promise.all([
          repo.repliesAfter(institutionId, conversationId, after, REPLAY_MAX),
          repo.liveState(institutionId, conversationId),
        ]);
        for (const row of replies)
          send({
            event: 'message',
            data: {
              id: row.id,
              role: 'agent',
              text: row.content,
              agent_name: row.agentName,
              sources: [],
              handoff: null,
              created_at: row.createdAt.toISOString(),
            },
          });
        if (state)
          send({
            event: 'status',
            data: { status: state.status, agent_name: state.status === 'human' ? state.agentName : null },
          });
        for (const event of early) send(event);
        early = null;
      },
    });
  };
}
