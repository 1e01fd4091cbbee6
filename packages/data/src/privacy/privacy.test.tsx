/**
 * Retention, one person's data and deletions in the data layer, against the real server in-process
 * (issue 36): the periods read and saved through the hooks (a period out of range is a 400 naming
 * the field), a person found, exported and erased, a visitor deleting their conversation (the next
 * question starts another), an assistant, an institution and an account deleted.
 */
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataClient } from '../client';
import { listAssistants, useAssistants } from '../assistants/list-assistants';
import { createAssistant } from '../assistants/create-assistant';
import { deleteGuestConversation } from '../chat/delete-conversation';
import { startGuestConversation, storedGuest } from '../chat/guest-conversation';
import { createInstitution } from '../institutions/create-institution';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, snapshot, until } from '../testing/render';
import { deleteAccount, deleteAssistants, deleteInstitution, getAccountDeletion } from './deletions';
import { erasePerson, exportPerson, findPerson } from './person';
import { putRetention, useRetention } from './retention';

let api: TestApi;
let owner: DataClient;
let institutionId: number;
beforeAll(async () => {
  api = await startApi();
  ({ client: owner } = await api.signedIn());
  institutionId = (await createInstitution(owner, { name: 'Colegio Datos', kind: 'school', country: 'ES' }))
    .id;
});
afterAll(() => api.close());

describe('retention', () => {
  it('reads the periods and shows a save at once; a period out of range is a 400 on its field', async () => {
    const view = renderHook(() => snapshot(useRetention(institutionId)), { wrapper: dataWrapper(owner) });
    await until(() => view.result.current.data !== undefined);
    expect(view.result.current.data).toMatchObject({ conversations_days: null, time_zone: 'UTC' });

    await putRetention(owner, {
      institutionId,
      retention: {
        conversations_days: 365,
        contacts_days: 90,
        whatsapp_days: null,
        records_days: null,
        time_zone: 'Europe/Madrid',
      },
    });
    await until(() => view.result.current.data?.conversations_days === 365);
    expect(view.result.current.data).toMatchObject({ contacts_days: 90, time_zone: 'Europe/Madrid' });

    await expect(
      putRetention(owner, { institutionId, retention: { conversations_days: 10 } }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ path: 'conversations_days', code: 'retention_range' })],
    });
  });
});

describe("a person's data", () => {
  it('finds, exports and erases what a visitor left', async () => {
    const [assistant] = await listAssistants(owner, institutionId);
    const visitor = api.client();
    const { token, conversationId } = await startGuestConversation(visitor, assistant!.externalId);
    const contact = await api.server.call(`/api/public/conversation/${conversationId}/contact`, {
      method: 'POST',
      token,
      json: { name: 'Ana', email: 'ana@example.com', phone: '612 34 56 78', consent: true },
    });
    expect(contact.status).toBe(201);

    const found = await findPerson(owner, institutionId, { email: 'ana@example.com' });
    expect(found).toMatchObject({ conversations: { count: 1 }, contacts: { count: 1 } });
    const byPhone = await findPerson(owner, institutionId, { phone: '612345678' });
    expect(byPhone).toMatchObject({ phone: '+34612345678', contacts: { count: 1 } });

    const exported = await exportPerson(owner, institutionId, { email: 'ana@example.com' });
    expect(exported.conversations).toEqual([expect.objectContaining({ id: conversationId })]);

    const erased = await erasePerson(owner, { institutionId, person: { email: 'ana@example.com' } });
    expect(erased).toMatchObject({ conversations: 1 });
    expect(await findPerson(owner, institutionId, { email: 'ana@example.com' })).toMatchObject({
      conversations: { count: 0 },
    });
  });

  it('lets a visitor delete their own conversation; the next question starts another', async () => {
    const [assistant] = await listAssistants(owner, institutionId);
    const visitor = api.client();
    const first = await startGuestConversation(visitor, assistant!.externalId);
    await deleteGuestConversation(visitor, first.conversationId);
    expect(storedGuest(visitor)).toBeNull();
    const second = await startGuestConversation(visitor, assistant!.externalId);
    expect(second.conversationId).not.toBe(first.conversationId);
  });
});

describe('deletions', () => {
  it('deletes an assistant: the list the hook shows loses it', async () => {
    const extra = await createAssistant(owner, { type: 'admission', name: 'Para borrar' });
    const view = renderHook(() => snapshot(useAssistants(institutionId)), { wrapper: dataWrapper(owner) });
    await until(() => view.result.current.data?.some((row) => row.id === extra.id) === true);
    await deleteAssistants(owner, { institutionId, ids: [extra.id] });
    await until(() => view.result.current.data?.some((row) => row.id === extra.id) === false);
  });

  it('deletes an institution by its exact name and leaves the session in none', async () => {
    const doomed = (await createInstitution(owner, { name: 'Colegio Efímero', kind: 'school' })).id;
    await expect(
      deleteInstitution(owner, { institutionId: doomed, confirmName: 'Colegio' }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ path: 'confirm_name', code: 'name_mismatch' })],
    });
    await deleteInstitution(owner, { institutionId: doomed, confirmName: 'Colegio Efímero' });
    expect(owner.session.getSnapshot().institutionId).toBeNull();
  });

  it('deletes the account once its lone institution is named, and ends the session', async () => {
    const { client, user } = await api.signedIn();
    const mine = (await createInstitution(client, { name: 'Solo Yo', kind: 'business' })).id;
    expect(await getAccountDeletion(client, user.id)).toEqual({
      alone: [{ id: mine, name: 'Solo Yo' }],
      blocked: [],
      has_password: true,
    });
    await expect(
      deleteAccount(client, { password: user.password, confirmInstitutions: [] }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'institutions_to_delete',
    });
    await deleteAccount(client, { password: user.password, confirmInstitutions: [mine] });
    expect(client.session.getSnapshot().jwt).toBeNull();
  });
});
