/** Cache keys of assistants (institution products with their settings), shared by reads and writes. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import * as routes from '@conversa/contract/routes/assistants';
import { isRouteKey, routeKey } from '../keys';
import type { DataClient } from '../client';
import { assistantSummaryKey } from './get-assistant-summary';
import { liftAssistant } from './assistant-summary';

/**
 * SWR key of one assistant's full detail (`GET institution-product/{id}` unlifted): the route's key
 * with `'detail'` in the query's place, apart from the lifted summary read through the same route.
 */
export const assistantKey = (id: number) => routeKey(routes.getAssistant, { id }, 'detail');

/**
 * Puts a fresh answer everywhere the assistant shows: its detail, its lifted form, and the
 * institution's assistant list (the sidebar's names and logos), which refetches.
 */
export async function storeAssistant(client: DataClient, assistant: AssistantDetail): Promise<void> {
  await client.setCached(assistantKey(assistant.id), assistant);
  await client.setCached(assistantSummaryKey(assistant.id), liftAssistant(assistant));
  await client.invalidate(isRouteKey(routes.listAssistants, { id: assistant.institution_id }));
}
