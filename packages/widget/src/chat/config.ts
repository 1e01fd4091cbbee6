/** The chat page's configuration, rendered by the server in `<script id="conversa-config">` (docs/architecture.md#the-widget-and-public-pages). */
import type { ChatPageConfig } from '@conversa/contract/chat';

/** Reads the configuration; null when the page has none or it is malformed. */
export function readConfig(doc: Document = document): ChatPageConfig | null {
  try {
    const value = JSON.parse(
      doc.getElementById('conversa-config')?.textContent ?? '',
    ) as Partial<ChatPageConfig>;
    if (typeof value.external_id !== 'string' || !value.external_id) return null;
    return {
      mode: value.mode === 'frame' ? 'frame' : 'page',
      external_id: value.external_id,
      api: typeof value.api === 'string' ? value.api : '/api',
      parent_origin: typeof value.parent_origin === 'string' ? value.parent_origin : null,
      // An inactive assistant has no name (the server tells nothing of it but that).
      assistant:
        typeof value.assistant?.active === 'boolean' && typeof value.assistant.snippet === 'object'
          ? value.assistant
          : null,
    };
  } catch {
    return null;
  }
}
