/**
 * The chat's talk with the API: the assistant, the visitor's session and conversation (kept across
 * reloads in the frame's localStorage, one entry per assistant, never shown to the host page), and a
 * question answered as events. Reads and the session go through the shared data client (ky); the
 * question is a fetch, because the client streams only GETs and the answer is a POST.
 */
import type { ChatEvent, ChatSession, Conversation, WidgetAssistant } from '@conversa/contract/chat';
import { createDataClient, type DataClient } from '@conversa/data/client';
import { ApiRequestError } from '@conversa/data/errors';
import { createSessionStore, defaultStorage } from '@conversa/data/session';
import { readChatEvents } from './sse';

/** The API of one assistant, for one visitor. */
export interface ChatApi {
  assistant(): Promise<WidgetAssistant>;
  /** The stored conversation, or null when there is none (or it expired: the store is then cleared). */
  restore(): Promise<Conversation | null>;
  /** Asks; the events arrive through `onEvent`. Rejects with an `ApiRequestError` on failure. */
  ask(text: string, onEvent: (event: ChatEvent) => void, signal?: AbortSignal): Promise<void>;
}

/** Creates the API of the assistant `externalId` at `baseUrl` (e.g. `/api`); `fetchImpl` for tests. */
export function createChatApi(baseUrl: string, externalId: string, fetchImpl?: typeof fetch): ChatApi {
  const storage = defaultStorage();
  const key = `conversa.chat.${externalId}`;
  const conversationKey = `${key}.conversation`;
  const session = createSessionStore(storage, key);
  // The page's fetch is not handed over as is: ky calls it as a method, which browsers refuse.
  const client: DataClient = createDataClient({
    baseUrl,
    session,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const id = encodeURIComponent(externalId);

  const stored = () => {
    const token = session.getSnapshot().guestJwt;
    const conversation = storage.getItem(conversationKey);
    return token && conversation ? { token, conversation } : null;
  };
  const forget = () => {
    session.clear();
    storage.removeItem(conversationKey);
  };
  const start = async () => {
    const answer = await client.post<ChatSession>(`public/assistant/${id}/session`, undefined, {
      institution: false,
    });
    session.update({ guestJwt: answer.token });
    storage.setItem(conversationKey, answer.conversation_id);
    return { token: answer.token, conversation: answer.conversation_id };
  };

  return {
    assistant: () =>
      client.get<WidgetAssistant>(`public/assistant/${id}`, { institution: false, report: false }),

    async restore() {
      const current = stored();
      if (!current) return null;
      try {
        return await client.get<Conversation>(
          `public/conversation/${encodeURIComponent(current.conversation)}`,
          {
            institution: false,
            report: false,
          },
        );
      } catch (error) {
        // An expired token or a removed conversation: start afresh on the next question.
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) forget();
        else throw error;
        return null;
      }
    },

    async ask(text, onEvent, signal) {
      const current = stored() ?? (await start());
      let response: Response;
      try {
        response = await (fetchImpl ?? fetch)(
          `${baseUrl}/public/conversation/${encodeURIComponent(current.conversation)}/message`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${current.token}`,
              'Content-Type': 'application/json',
              Accept: 'text/event-stream',
              'Accept-Language': navigator.language,
            },
            body: JSON.stringify({ text }),
            signal,
          },
        );
      } catch (error) {
        throw new ApiRequestError(String((error as Error)?.message ?? error), 'network', 0, 'network_error');
      }
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
        // The guest token expired: the retry starts a new conversation.
        if (response.status === 401) forget();
        throw new ApiRequestError(
          body.message ?? response.statusText,
          'http',
          response.status,
          body.code ?? 'http',
        );
      }
      let done = false;
      for await (const event of readChatEvents(response.body)) {
        if (event.event === 'error') {
          throw new ApiRequestError(event.data.message, 'http', 500, event.data.code);
        }
        done ||= event.event === 'done';
        onEvent(event);
      }
      // The connection ended before the answer did.
      if (!done) throw new ApiRequestError('The answer was cut off', 'network', 0, 'network_error');
    },
  };
}
