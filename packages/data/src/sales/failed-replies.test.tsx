/**
 * Failed WhatsApp replies in the data layer against the real server in-process: the hook shows the
 * recorded failures a page at a time, the latest first; a retry refreshes it (the reply leaves, and
 * comes back with the new error when the channel still cannot send it); an id that cannot be sent
 * again is a 404.
 */
import { recordFailedReply } from '@conversa/server/testing';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../assistants/create-assistant';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, until } from '../testing/render';
import { listFailedReplies, retryFailedReplies, useFailedReplies } from './failed-replies';

let api: TestApi;
let staff: DataClient;
let assistantId: number;
let ids: number[];

beforeAll(async () => {
  api = await startApi();
  ({ client: staff } = await api.signedIn());
  const institution = await createInstitution(staff, { name: 'Acme Datos', kind: 'business', country: 'ES' });
  assistantId = (await createAssistant(staff, { type: 'sales_support', name: 'Acme Ventas' })).id;
  const ref = { institutionId: institution.id, assistantId };
  ids = [];
  for (const [to, question] of [
    ['+34612345678', '¿Hay sillas?'],
    ['+34699000111', null],
  ] as const) {
    ids.push(
      await recordFailedReply(api.server, ref, {
        to,
        question,
        body: 'Sí, en negro y roble.',
        error: 'the Graph API refused the message (400): (#131026) Message undeliverable',
      }),
    );
  }
});
afterAll(() => api.close());

describe('failed replies', () => {
  it('shows the failures the hook reads, the latest first, a page at a time', async () => {
    const { result } = renderHook(() => useFailedReplies(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => result.current.data?.items.length === 2);
    expect(result.current.data?.items.map((row) => row.id)).toEqual([...ids].reverse());
    expect(result.current.data?.items[1]).toMatchObject({
      phone_number: '+34612345678',
      seller_name: null,
      question: '¿Hay sillas?',
      error: 'the Graph API refused the message (400): (#131026) Message undeliverable',
    });
    const page = await listFailedReplies(staff, assistantId, { page: 2, perPage: 1 });
    expect(page.items.map((row) => row.id)).toEqual([ids[0]]);
    expect(page).toMatchObject({ totalCount: 2, pageCount: 2, currentPage: 2 });
  });

  it('retries: the reply is queued again, and fails onto the list again without a channel', async () => {
    const { result } = renderHook(() => useFailedReplies(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => result.current.data?.items.length === 2);
    expect(await retryFailedReplies(staff, assistantId, [ids[0]!])).toEqual({ ids: [ids[0]] });
    // No channel is set up: the job records why, and the reply is listed again (now the latest).
    const failedAgain = async () =>
      (await listFailedReplies(staff, assistantId)).items[0]?.error === 'no access token is set';
    for (let tries = 0; !(await failedAgain()); tries += 1) {
      if (tries > 200) throw new Error('the retried reply never failed again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await act(() => result.current.mutate());
    expect(result.current.data?.items.map((row) => row.id)).toEqual([ids[0], ids[1]]);
    expect(result.current.data?.items[0]?.error).toBe('no access token is set');

    const missing = retryFailedReplies(staff, assistantId, [ids[1]!, 999_999]);
    await expect(missing).rejects.toBeInstanceOf(ApiRequestError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
  });
});
