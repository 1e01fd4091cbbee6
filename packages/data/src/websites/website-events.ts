/**
 * The live states of an assistant's websites and their pages: `event: website` and
 * `event: website_page` on the assistant's stream (the one the files follow; docs/architecture.md#knowledge-and-answers).
 */
import type { WebsiteEvent, WebsitePageEvent } from '@conversa/contract/website';
import { useAssistantStream } from '../knowledge/assistant-events';

/** What a screen hears of the websites' events (each may change between renders). */
export interface WebsiteListeners {
  onWebsite?: (event: WebsiteEvent) => void;
  onWebsitePage?: (event: WebsitePageEvent) => void;
}

/**
 * Keeps the cached websites and page lists of `assistantId` live while mounted: each event edits
 * them in place (a page no list has seen yet refetches its site's lists, at most once a second), and
 * every (re)connection refetches them. Shares the stream of `useAssistantEvents`.
 */
export function useWebsiteEvents(
  assistantId: number | null | undefined,
  listeners: WebsiteListeners = {},
): void {
  useAssistantStream(assistantId, listeners);
}
