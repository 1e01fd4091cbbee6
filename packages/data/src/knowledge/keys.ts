/** Cache keys of an assistant's knowledge (text, FAQs, files), and the files list's cache edits. */
import * as routes from '@conversa/contract/routes/assistants';
import { isRouteKey, routeKey } from '../keys';
import type { AssistantFile, FileEvent } from '@conversa/contract/knowledge';
import { unstable_serialize } from 'swr';
import type { DataClient } from '../client';

/** SWR key of an assistant's knowledge-base text. */
export const knowledgeBaseKey = (id: number) => routeKey(routes.getKnowledgeBase, { id });

/** SWR key of an assistant's FAQs. */
export const faqsKey = (id: number) => routeKey(routes.getFaqs, { id });

/** SWR key of an assistant's files. */
export const filesKey = (id: number) => routeKey(routes.listFiles, { id });

/** True for the files key of `id`. */
export const isFilesKey = (id: number) => isRouteKey(routes.listFiles, { id });

/** The list with `changed` files put in (replacing the same ids) and `removed` ids taken out; newest first. */
export function mergeFiles(
  list: readonly AssistantFile[],
  changed: readonly AssistantFile[],
  removed: readonly number[] = [],
): AssistantFile[] {
  const gone = new Set([...removed, ...changed.map((file) => file.id)]);
  const merged = [...changed, ...list.filter((file) => !gone.has(file.id))];
  // Newest first as the server lists them; equal times keep the higher (newer) id first.
  return merged.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The list after one server event: a deleted file leaves it, any other is added or replaced. */
export function applyFileEvent(list: readonly AssistantFile[], event: FileEvent): AssistantFile[] {
  const { deleted, ...file } = event;
  return deleted ? mergeFiles(list, [], [file.id]) : mergeFiles(list, [file]);
}

/**
 * Edits the cached files list of `id` in place. Without a cached list there is nothing to edit:
 * whoever shows it next fetches it whole.
 */
export async function editCachedFiles(
  client: DataClient,
  id: number,
  edit: (list: readonly AssistantFile[]) => AssistantFile[],
): Promise<void> {
  const current = client.cache.peek(unstable_serialize(filesKey(id)))?.data as AssistantFile[] | undefined;
  if (current) await client.setCached(filesKey(id), edit(current));
}
