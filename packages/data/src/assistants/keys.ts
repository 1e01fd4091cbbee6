/** Cache keys of assistants (institution products with their settings), shared by reads and writes. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { assistantSummaryKey } from './get-assistant-summary';
import { assistantsKey } from './list-assistants';
import { liftAssistant } from './assistant-summary';

/** SWR key of one assistant's full detail (`GET institution-product/{id}` unlifted). */
export const assistantKey = (id: number) => ['institution-product', id, 'detail'] as const;

/**
 * Puts a fresh answer everywhere the assistant shows: its detail, its lifted form, and the
 * institution's assistant list (the sidebar's names and logos), which refetches.
 */
export async function storeAssistant(client: DataClient, assistant: AssistantDetail): Promise<void> {
  await client.setCached(assistantKey(assistant.id), assistant);
  await client.setCached(assistantSummaryKey(assistant.id), liftAssistant(assistant));
  const listKey = assistantsKey(assistant.institution_id);
  await client.invalidate(
    (key) =>
      Array.isArray(key) && key.length === listKey.length && key.every((part, i) => part === listKey[i]),
  );
}
