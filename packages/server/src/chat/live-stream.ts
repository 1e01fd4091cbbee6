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
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../deps';
import { conversationTopic } from '../events/topics';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import type { ConversationRow, visitorConversationsRepo } from './visitor-conversations.repo';

/** Streams one conversation may hold open in one process (a few tabs). */
export const LIVE_STREAMS_PER_CONVERSATION = 3;
/** Visitor streams one process holds at most. */
export const LIVE_STREAMS_PER_PROCESS = 5_000;
/** Replies a reconnection is sent at most (the transcript has the rest). */
const REPLAY_MAX = 100;
const RETRY_AFTER_SECONDS = 30;

/** The `Last-Event-ID` a browser sends back: the last reply it got (0 when none, or not a number). */
export function lastEventId(header: string | undefined): number {
  if (!header || !/^\d{1,15}$/.test(header)) return 0;
  return Number(header);
}

/** The visitor streams of one process. */
export function liveStreams(deps: AppDeps, repo: ReturnType<typeof visitorConversationsRepo>) {
  const { heartbeatMs, maxAgeMs } = deps.config.eventStreams;
  const open = new Map<string, number>();
  let total = 0;

  function take(conversationId: string): () => void {
    const mine = open.get(conversationId) ?? 0;
    if (mine >= LIVE_STREAMS_PER_CONVERSATION || total >= LIVE_STREAMS_PER_PROCESS)
      throw new ApiError(429, 'too_many_streams', {
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    open.set(conversationId, mine + 1);
    total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (open.get(conversationId) ?? 1) - 1;
      if (left > 0) open.set(conversationId, left);
      else open.delete(conversationId);
    };
  }

  /** Answers with the visitor's stream of `conversation`. */
  return function stream(c: Context<AppEnv>, conversation: ConversationRow): Response {
    const { institutionId, id: conversationId } = conversation;
    const after = lastEventId(c.req.header('last-event-id'));
    const release = take(conversationId);
    try {
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (sse) => {
        const counted = deps.metrics.streamOpened('live');
        const stop = new AbortController();
        const end = () => stop.abort();
        sse.onAbort(end);
        if (deps.events.closed.aborted) end();
        else deps.events.closed.addEventListener('abort', end, { once: true });
        const lifetime = setTimeout(end, maxAgeMs);
        let writing = Promise.resolve();
        let sentUpTo = after;
        const send = (live: LiveEvent) => {
          writing = writing.then(async () => {
            if (live.event === 'message') {
              // A reply the replay already sent is not sent twice.
              if (live.data.id <= sentUpTo) return;
              sentUpTo = live.data.id;
              await sse.writeSSE({
                event: live.event,
                id: String(live.data.id),
                data: JSON.stringify(live.data),
              });
            } else await sse.writeSSE({ event: live.event, data: JSON.stringify(live.data) });
          });
        };
        // Held until the replay is written: what comes meanwhile follows it, in order.
        const early: LiveEvent[] = [];
        let replayed = false;
        const unsubscribe = deps.events.subscribe(conversationTopic(conversationId), (event) => {
          if (replayed) send(event as LiveEvent);
          else early.push(event as LiveEvent);
        });
        try {
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
          replayed = true;
          await writing;
          while (!stop.signal.aborted && !sse.aborted) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, heartbeatMs);
              stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
            });
            if (stop.signal.aborted || sse.aborted) break;
            writing = writing.then(() => sse.write(': ping\n\n').then(() => undefined));
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
