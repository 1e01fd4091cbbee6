/**
 * Sellers' WhatsApp questions in the data layer against the real server in-process: the hook reads
 * the questions answered from the knowledge, the latest first, a page at a time; someone of another
 * institution is refused (roles: the server's guard test walks the endpoint table).
 */
import { recordSellerQuestion } from '@conversa/server/testing';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../assistants/create-assistant';
import type { DataClient } from '../client';
import { ApiRequestError } from '../errors';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, until } from '../testing/render';
import { listSellerQuestions, useSellerQuestions } from './seller-questions';

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
  for (const question of ['¿Hay sillas en roble?', '¿Cuánto tarda el envío?']) {
    ids.push(
      await recordSellerQuestion(api.server, ref, {
        from: '+34612345678',
        question,
        answer: 'Sí, en negro y roble.',
      }),
    );
  }
});
afterAll(() => api.close());

describe("sellers' questions", () => {
  it('reads the questions with their answers, the latest first, a page at a time', async () => {
    const { result } = renderHook(() => useSellerQuestions(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => result.current.data?.items.length === 2);
    expect(result.current.data?.items.map((row) => row.id)).toEqual([...ids].reverse());
    expect(result.current.data?.items[1]).toMatchObject({
      phone_number: '+34612345678',
      seller_name: null,
      question: '¿Hay sillas en roble?',
      answer: 'Sí, en negro y roble.',
    });
    const page = await listSellerQuestions(staff, assistantId, { page: 2, perPage: 1 });
    expect(page.items.map((row) => row.id)).toEqual([ids[0]]);
    expect(page).toMatchObject({ totalCount: 2, pageCount: 2, currentPage: 2 });
  });

  it('asks again on each visit: a question that arrived since shows without a reload', async () => {
    const first = renderHook(() => useSellerQuestions(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => first.result.current.data?.items.length === 2);
    first.unmount();
    const institutionId = staff.session.getSnapshot().institutionId!;
    const later = await recordSellerQuestion(
      api.server,
      { institutionId, assistantId },
      {
        from: '+34612345678',
        question: '¿Montáis los muebles?',
        answer: 'Sí, el montaje está incluido.',
      },
    );
    const again = renderHook(() => useSellerQuestions(assistantId), { wrapper: dataWrapper(staff) });
    await until(() => again.result.current.data?.items[0]?.id === later);
    ids.push(later);
  });

  it('is refused to someone outside the institution, and says so', async () => {
    const { client: stranger } = await api.signedIn();
    const refused = await listSellerQuestions(stranger, assistantId, {}, { report: false }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).status).toBeGreaterThanOrEqual(403);
  });
});
