/** `PUT institution-product/{id}/faq`: replaces all the assistant's FAQs, in the order given. */
import * as routes from '@conversa/contract/routes/assistants';
import type { Faqs } from '@conversa/contract/assistant';
import useSWRMutation from 'swr/mutation';
import type { DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { faqsKey } from './keys';

/** Saves the list; the cached copy becomes the answer. */
export async function updateFaqs(client: DataClient, id: number, body: Faqs): Promise<Faqs> {
  const saved = await client.endpoint(routes.putFaqs, { params: { id }, json: body });
  await client.setCached(faqsKey(id), saved);
  return saved;
}

/** `trigger({faqs})` saves the FAQs of the assistant `id`. */
export function useUpdateFaqs(id: number) {
  const client = useDataClient();
  return useSWRMutation<Faqs, ApiRequestError, ReturnType<typeof faqsKey>, Faqs>(
    faqsKey(id),
    (_key, { arg }) => updateFaqs(client, id, arg),
    // updateFaqs already wrote the cache entry.
    { populateCache: false, revalidate: false },
  );
}
