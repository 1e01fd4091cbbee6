/**
 * `GET institution/{id}/live`: each assistant's conversations waiting for a person or held by one
 * (the sidebar's badge), kept live by the institution's stream (`GET institution/{id}/events`):
 * each event refreshes the counts, and `onWaiting` hears each conversation that starts waiting (the
 * console's desktop notification).
 */
import type { ConversationEvent } from '@conversa/contract/chat';
import type { LiveCounts } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import { useEffect, useRef } from 'react';
import type { DataClient } from '../client';
import { followStream } from '../follow-stream';
import { readStaffEvents } from '../knowledge/assistant-events';
import { isRouteKey, routeKey } from '../keys';
import { useDataClient } from '../provider';
import { useCached } from '../cached';

/** SWR key of an institution's live counts. */
export const liveCountsKey = (institutionId: number) => routeKey(routes.getLiveCounts, { id: institutionId });

/** The counts of institution `institutionId`. */
export function getLiveCounts(client: DataClient, institutionId: number): Promise<LiveCounts> {
  return client.endpoint(routes.getLiveCounts, { params: { id: institutionId }, report: false });
}

/**
 * The counts while mounted, followed live; nothing while `institutionId` is null (or the member may
 * not read conversations: pass null then). `onWaiting(event)` hears each conversation that starts waiting.
 */
export function useLiveCounts(
  institutionId: number | null | undefined,
  onWaiting?: (event: ConversationEvent) => void,
) {
  const client = useDataClient();
  const listener = useRef(onWaiting);
  useEffect(() => {
    listener.current = onWaiting;
  });
  useEffect(() => {
    if (!institutionId) return;
    const controller = new AbortController();
    const refresh = () => void client.invalidate(isRouteKey(routes.getLiveCounts, { id: institutionId }));
    void followStream(async (opened) => {
      const response = await client.stream(routes.institutionEvents, {
        params: { id: institutionId },
        signal: controller.signal,
        report: false,
      });
      await readStaffEvents(response, {
        onOpen: () => {
          opened();
          refresh();
        },
        onConversation: (event) => {
          refresh();
          if (event.status === 'waiting' && event.message_id === null) listener.current?.(event);
        },
      });
    }, controller.signal);
    return () => controller.abort();
  }, [client, institutionId]);
  return useCached(institutionId ? [institutionId] : null, liveCountsKey, getLiveCounts);
}
