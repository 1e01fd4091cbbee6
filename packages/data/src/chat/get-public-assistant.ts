/**
 * `GET public/assistant/{external_id}`: what the chat shows of an assistant (name, logo, suggested
 * questions, whether its link is active, the snippet's colour, side and greeting). Public: no token,
 * no institution header.
 */
import * as routes from '@conversa/contract/routes/chat';
import type { WidgetAssistant } from '@conversa/contract/chat';
import useSWR from 'swr';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import type { ReadResponse } from '../swr-config';
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
 * The assistant behind `externalId`; a 404 (unknown id) is an error SWR does not retry. With `initial`
 * (the page was rendered with it) it shows at once and is refreshed only by the usual revalidations
 * (focus, reconnect), not on mount.
 */
export function usePublicAssistant(
  externalId: string,
  initial?: WidgetAssistant | null,
): ReadResponse<WidgetAssistant> {
  const client = useDataClient();
  return useSWR<WidgetAssistant, ApiRequestError, ReturnType<typeof publicAssistantKey>>(
    publicAssistantKey(externalId),
    ([, id]) => getPublicAssistant(client, id),
    initial ? { fallbackData: initial, revalidateOnMount: false } : undefined,
  );
}
