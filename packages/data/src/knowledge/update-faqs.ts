/** `PUT institution-product/{id}/faq`: replaces all the assistant's FAQs, in the order given. */
import * as routes from '@conversa/contract/routes/assistants';
import type { Faqs } from '@conversa/contract/assistant';
import type { DataClient } from '../client';
import { faqsKey } from './keys';
import { useWrite } from '../mutation';

/** Saves the list; the cached copy becomes the answer. */
export async function updateFaqs(client: DataClient, id: number, body: Faqs): Promise<Faqs> {
  const saved = await client.endpoint(routes.putFaqs, { params: { id }, json: body });
  await client.setCached(faqsKey(id), saved);
  return saved;
}

/** `trigger({faqs})` saves the FAQs of the assistant `id`. */
export function useUpdateFaqs(id: number) {
  return useWrite(routes.putFaqs, updateFaqs, id);
}
