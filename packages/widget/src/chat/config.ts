/** The chat page's configuration, rendered by the server in `<script id="conversa-config">` (DESIGN §6). */
import type { WidgetAssistant } from '@conversa/contract/chat';

/** What the server tells the chat app. */
export interface ChatConfig {
  /** `frame`: inside embed.js's iframe (close button, postMessage); `page`: a full public page. */
  mode: 'frame' | 'page';
  /** The embed snippet's id of the assistant. */
  external_id: string;
  /** Where the API lives (`/api`). */
  api: string;
  /** The embedding page's origin, checked by the server against the allowed origins; null in page mode. */
  parent_origin: string | null;
  /** The assistant as the server had it when it rendered the page: shown without asking the API. */
  assistant: WidgetAssistant | null;
}

/** Reads the configuration; null when the page has none or it is malformed. */
export function readConfig(doc: Document = document): ChatConfig | null {
  try {
    const value = JSON.parse(doc.getElementById('conversa-config')?.textContent ?? '') as Partial<ChatConfig>;
    if (typeof value.external_id !== 'string' || !value.external_id) return null;
    return {
      mode: value.mode === 'frame' ? 'frame' : 'page',
      external_id: value.external_id,
      api: typeof value.api === 'string' ? value.api : '/api',
      parent_origin: typeof value.parent_origin === 'string' ? value.parent_origin : null,
      assistant:
        typeof value.assistant === 'object' &&
        value.assistant !== null &&
        typeof value.assistant.name === 'string'
          ? value.assistant
          : null,
    };
  } catch {
    return null;
  }
}
