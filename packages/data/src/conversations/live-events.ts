/**
 * Follows an assistant's live conversations in the console (docs/product.md#live-conversations):
 * each event of the staff stream refreshes the conversation lists (their "Needs a person" filter
 * and status) and the open transcript it is about; every (re)connection refreshes them too, for
 * what happened while no stream was open.
 */
import type { ConversationEvent } from '@conversa/contract/chat';
import { useEffect } from 'react';
import { followAssistantEvents } from '../knowledge/assistant-events';
import { useDataClient } from '../provider';
import { useLatest } from '../use-latest';
import * as routes from '@conversa/contract/routes/conversations';
import { isRouteKey } from '../keys';
import { isAnyConversationListKey } from './keys';

/** Keeps the lists and conversation `openId` (if any) live while mounted; `onEvent` hears each event. */
export function useLiveConversations(
  assistantId: number | null | undefined,
  openId?: string | null,
  onEvent?: (event: ConversationEvent) => void,
): void {
  const client = useDataClient();
  const listener = useLatest(onEvent);
  useEffect(() => {
    if (!assistantId) return;
    const controller = new AbortController();
    const refresh = (conversationId: string | null | undefined) => {
      void client.invalidate(isAnyConversationListKey);
      if (conversationId)
        void client.invalidate(
          isRouteKey(routes.getConversationDetail, { id: conversationId.toLowerCase() }),
        );
    };
    void followAssistantEvents(
      client,
      assistantId,
      {
        onOpen: () => refresh(openId),
        onConversation: (event) => {
          refresh(event.conversation_id === openId?.toLowerCase() ? openId : null);
          listener.current?.(event);
        },
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [client, assistantId, openId]);
}
