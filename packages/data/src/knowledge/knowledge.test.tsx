import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitution } from '../institutions/create-institution';
import { listAssistants } from '../assistants/list-assistants';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { getFaqs, useFaqs } from './get-faqs';
import { getKnowledgeBase, useKnowledgeBase } from './get-knowledge-base';
import { updateFaqs, useUpdateFaqs } from './update-faqs';
import { updateKnowledgeBase, useUpdateKnowledgeBase } from './update-knowledge-base';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A signed-in owner of a fresh school, and its assistant's id. */
async function owner() {
  const { client } = await api.signedIn();
  const institution = await createInstitution(client, { name: 'Colegio Luz', kind: 'school' });
  const [first] = await listAssistants(client, institution.id);
  return { client, institution, assistantId: first!.id };
}

describe('knowledge-base text', () => {
  it('reads empty text, saves it with the institution header, and the reading hook shows the answer', async () => {
    const { client, institution, assistantId } = await owner();
    const { result } = renderHook(
      () => ({ text: snapshot(useKnowledgeBase(assistantId)), save: useUpdateKnowledgeBase(assistantId) }),
      { wrapper: dataWrapper(client) },
    );
    await until(() => result.current.text.data !== undefined);
    expect(result.current.text.data).toEqual({ text: '' });
    await act(() => result.current.save.trigger({ text: 'Horario: 8 a 15 h.' }));
    expect(result.current.text.data).toEqual({ text: 'Horario: 8 a 15 h.' });
    const put = api.received(`institution-product/${assistantId}/knowledge-base`, 'PUT').at(-1)!;
    expect(JSON.parse(put.body)).toEqual({ text: 'Horario: 8 a 15 h.' });
    expect(put.headers.get('x-institution-id')).toBe(String(institution.id));
    expect(await getKnowledgeBase(client, assistantId)).toEqual({ text: 'Horario: 8 a 15 h.' });
  });

  it('refuses text over the limit with a too_long issue, and keeps the old text', async () => {
    const { client, assistantId } = await owner();
    await updateKnowledgeBase(client, assistantId, { text: 'corto' });
    await expect(
      updateKnowledgeBase(client, assistantId, { text: 'x'.repeat(100_001) }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ path: 'text', code: 'too_long' })],
    });
    expect(await getKnowledgeBase(client, assistantId)).toEqual({ text: 'corto' });
  });

  it("refuses another tenant's assistant with a 404, for reading and writing", async () => {
    const theirs = await owner();
    const { client } = await api.signedIn();
    await expect(getKnowledgeBase(client, theirs.assistantId)).rejects.toMatchObject({ status: 404 });
    await expect(updateKnowledgeBase(client, theirs.assistantId, { text: 'ajeno' })).rejects.toMatchObject({
      status: 404,
    });
    const { result } = renderHook(() => snapshot(useKnowledgeBase(theirs.assistantId)), {
      wrapper: dataWrapper(client),
    });
    await until(() => result.current.error !== undefined);
    expect(result.current.error).toMatchObject({ status: 404 });
    expect(await getKnowledgeBase(theirs.client, theirs.assistantId)).toEqual({ text: '' });
  });
});

describe('FAQs', () => {
  it('replaces the list in order and the reading hook follows', async () => {
    const { client, assistantId } = await owner();
    const { result } = renderHook(
      () => ({ faqs: snapshot(useFaqs(assistantId)), save: useUpdateFaqs(assistantId) }),
      { wrapper: dataWrapper(client) },
    );
    await until(() => result.current.faqs.data !== undefined);
    expect(result.current.faqs.data).toEqual({ faqs: [] });
    const faqs = [
      { question: '¿Hay comedor?', answer: 'Sí, con menú diario.' },
      { question: '¿Cuándo abre la matrícula?', answer: 'En marzo.' },
    ];
    await act(() => result.current.save.trigger({ faqs }));
    // The saved list comes back with each FAQ's id, and the cached copy is it.
    const saved = faqs.map((faq) => ({ id: expect.any(Number), ...faq }));
    expect(result.current.faqs.data).toEqual({ faqs: saved });
    expect(JSON.parse(api.received(`institution-product/${assistantId}/faq`, 'PUT').at(-1)!.body)).toEqual({
      faqs,
    });
    const [canteen, enrolment] = result.current.faqs.data!.faqs;
    await updateFaqs(client, assistantId, { faqs: [enrolment!, canteen!] });
    expect(await getFaqs(client, assistantId)).toEqual({ faqs: [enrolment, canteen] });
  });

  it('shows issues under their paths for an empty question, and saves nothing', async () => {
    const { client, assistantId } = await owner();
    await expect(
      updateFaqs(client, assistantId, { faqs: [{ question: ' ', answer: 'Sin pregunta' }] }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ path: 'faqs.0.question', code: 'required' })],
    });
    expect(await getFaqs(client, assistantId)).toEqual({ faqs: [] });
  });

  it("refuses another tenant's FAQs with a 404", async () => {
    const theirs = await owner();
    const { client } = await api.signedIn();
    await expect(getFaqs(client, theirs.assistantId)).rejects.toMatchObject({ status: 404 });
    await expect(updateFaqs(client, theirs.assistantId, { faqs: [] })).rejects.toMatchObject({ status: 404 });
  });
});
