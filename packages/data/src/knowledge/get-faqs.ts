/** `GET institution-product/{id}/faq`: the assistant's FAQs (question/answer pairs), in order. */
import * as routes from '@conversa/contract/routes/assistants';
import type { Faqs } from '@conversa/contract/assistant';
import type { CallOptions, DataClient } from '../client';
import { faqsKey } from './keys';
import { useCached } from '../cached';

export { faqsKey } from './keys';

/** The FAQs (`{faqs}`). */
export function getFaqs(client: DataClient, id: number, options?: CallOptions): Promise<Faqs> {
  return client.endpoint(routes.getFaqs, { ...options, params: { id } });
}

/** The FAQs; nothing while `id` is null. The screen shows a failure, so it is not reported. */
export function useFaqs(id: number | null | undefined) {
  return useCached(id ? [id] : null, faqsKey, getFaqs);
}
