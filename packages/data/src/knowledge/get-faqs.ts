/** `GET institution-product/{id}/faq`: the assistant's FAQs (question/answer pairs), in order. */
import * as routes from '@conversa/contract/routes/assistants';
import type { Faqs } from '@conversa/contract/assistant';
import useSWR from 'swr';
import type { CallOptions, DataClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useDataClient } from '../provider';
import { faqsKey } from './keys';

export { faqsKey } from './keys';

/** The FAQs (`{faqs}`). */
export function getFaqs(client: DataClient, id: number, options?: CallOptions): Promise<Faqs> {
  return client.endpoint(routes.getFaqs, { ...options, params: { id } });
}

/** The FAQs; nothing while `id` is null. The screen shows a failure, so it is not reported. */
export function useFaqs(id: number | null | undefined) {
  const client = useDataClient();
  return useSWR<Faqs, ApiRequestError, ReturnType<typeof faqsKey> | null>(
    id ? faqsKey(id) : null,
    ([, key]) => getFaqs(client, key, { report: false }),
  );
}
