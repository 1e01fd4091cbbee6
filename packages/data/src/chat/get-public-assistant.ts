/**
 * `GET public/assistant/{external_id}`: what the chat shows of an assistant (name, logo, suggested
 * questions, whether its link is active, the snippet's colour, side and greeting). Public: no token,
 * no institution header.
 */
import * as routes from '@conversa/contract/routes/chat';
import type { WidgetAssistant } from '@conversa/contract/chat';
import type { DataClient } from '../client';
import { useDataClient } from '../provider';
import { type Read, useRead } from '../read';
import { publicAssistantKey } from './keys';

export { publicAssistantKey } from './keys';

/** The assistant behind an embed snippet id. */
export function getPublicAssistant(client: DataClient, externalId: string): Promise<WidgetAssistant> {
  return client.endpoint(routes.widgetAssistant, {
    params: { id: externalId },
    institution: false,
    // The chat shows its own text for a missing or unreachable assistant; there is no toast to send it to.
    report: false,
    sessionCheck: false,
  });
}

/**
 * The assistant behind `externalId`; a 404 (unknown id) is an error that is not retried. With `initial`
 * (the page was rendered with it) it shows at once and is not fetched. Without SWR (`useRead`): only
 * the public chat reads it, and SWR would be a fifth of its first load.
 */
export function usePublicAssistant(
  externalId: string,
  initial?: WidgetAssistant | null,
): Read<WidgetAssistant> {
  const client = useDataClient();
  return useRead(
    publicAssistantKey(externalId).join('/'),
    () => getPublicAssistant(client, externalId),
    initial ?? undefined,
  );
}
