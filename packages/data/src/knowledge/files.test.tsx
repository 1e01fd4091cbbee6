import { readFixture } from '@conversa/server/testing';
import type { AssistantFile, FileEvent } from '@conversa/contract/knowledge';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../client';
import { createInstitution } from '../institutions/create-institution';
import { listAssistants } from '../assistants/list-assistants';
import { memoryStorage } from '../session';
import { startApi, type TestApi } from '../testing/api';
import { dataWrapper, settle, snapshot, until } from '../testing/render';
import { deleteFiles, useDeleteFiles } from './delete-files';
import { applyFileEvent, mergeFiles } from './keys';
import { listFiles, useFiles } from './list-files';
import { followAssistantEvents, useAssistantEvents } from './assistant-events';
import { uploadFiles, useUploadFiles } from './upload-files';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
// Mounted hooks keep their event streams open: unmount them before the server closes.
afterEach(cleanup);

/** A real document from the shared fixtures, as a browser `File`. */
const fixture = (name: string, type = 'application/pdf') =>
  new File([readFixture('documents', name)], name, { type });

/** A small generated text file. */
const text = (name: string, body: string) => new File([body], name, { type: 'text/plain' });

/** A signed-in owner of a fresh school, and its assistant's id. */
async function owner() {
  const { client } = await api.signedIn();
  const institution = await createInstitution(client, { name: 'Colegio Archivo', kind: 'school' });
  const [first] = await listAssistants(client, institution.id);
  return { client, institution, assistantId: first!.id };
}

/** The list and the events, as a screen mounts them, plus the upload and delete hooks. */
function mountFiles(
  client: ReturnType<typeof createDataClient>,
  assistantId: number,
  heard: FileEvent[] = [],
) {
  return renderHook(
    () => {
      useAssistantEvents(assistantId, (event) => heard.push(event));
      return {
        files: snapshot(useFiles(assistantId)),
        upload: useUploadFiles(assistantId),
        remove: useDeleteFiles(assistantId),
      };
    },
    { wrapper: dataWrapper(client) },
  );
}

const file = (id: number, created: string, state: AssistantFile['state'] = 'processing'): AssistantFile => ({
  id,
  name: `f${id}.txt`,
  type: 'txt',
  size: 10,
  state,
  reason: null,
  created_at: created,
  updated_at: created,
});

describe('files list edits', () => {
  it('merge changed files by id, newest first, and drop removed ones', () => {
    const list = [file(2, '2025-01-02T00:00:00Z'), file(1, '2025-01-01T00:00:00Z')];
    expect(mergeFiles(list, [file(3, '2025-01-03T00:00:00Z')]).map((f) => f.id)).toEqual([3, 2, 1]);
    expect(mergeFiles(list, [file(1, '2025-01-01T00:00:00Z', 'ready')], [2])).toEqual([
      file(1, '2025-01-01T00:00:00Z', 'ready'),
    ]);
    expect(applyFileEvent(list, { ...file(2, '2025-01-02T00:00:00Z'), deleted: true })).toEqual([list[1]]);
    expect(applyFileEvent(list, file(2, '2025-01-02T00:00:00Z', 'failed'))[0]).toMatchObject({
      id: 2,
      state: 'failed',
    });
  });
});

describe('uploading and following files', () => {
  it('uploads a real PDF as multipart and sees it go processing → ready through the events, without refetching', async () => {
    const { client, institution, assistantId } = await owner();
    const heard: FileEvent[] = [];
    const { result, unmount } = mountFiles(client, assistantId, heard);
    await until(() => result.current.files.data !== undefined);
    expect(result.current.files.data).toEqual([]);
    // Connected: the stream carried the session's headers (EventSource could not).
    await until(() => api.server.events.listenerCount(`file:${assistantId}`) === 1);
    const stream = api.received(`institution-product/${assistantId}/events`, 'GET').at(-1)!;
    expect(stream.headers.get('authorization')).toBe(`Bearer ${client.session.getSnapshot().jwt}`);
    expect(stream.headers.get('x-institution-id')).toBe(String(institution.id));
    // Opening the stream refetched the list once, to catch up on what happened before it opened.
    await until(() => api.received(`institution-product/${assistantId}/file`, 'GET').length === 2);
    await until(() => !result.current.files.isValidating);
    const reads = api.received(`institution-product/${assistantId}/file`, 'GET').length;

    let uploaded: AssistantFile[] = [];
    await act(async () => {
      uploaded = await result.current.upload.trigger([fixture('pdfjs_two_paragraphs_plain.pdf')]);
    });
    expect(uploaded).toEqual([
      expect.objectContaining({ name: 'pdfjs_two_paragraphs_plain.pdf', type: 'pdf', state: 'processing' }),
    ]);
    const post = api.received(`institution-product/${assistantId}/file`, 'POST').at(-1)!;
    expect(post.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(post.body).toContain('name="files"; filename="pdfjs_two_paragraphs_plain.pdf"');

    await until(() => result.current.files.data?.[0]?.state === 'ready', 20_000);
    expect(result.current.files.data).toEqual([
      expect.objectContaining({ id: uploaded[0]!.id, state: 'ready', reason: null }),
    ]);
    expect(heard.at(-1)).toMatchObject({ id: uploaded[0]!.id, state: 'ready' });
    expect(api.received(`institution-product/${assistantId}/file`, 'GET')).toHaveLength(reads);

    // Unmounting aborts the stream: the server's listener goes away.
    unmount();
    await until(() => api.server.events.listenerCount(`file:${assistantId}`) === 0);
  });

  it('shows an image-only PDF as failed with the no_text_layer reason', async () => {
    const { client, assistantId } = await owner();
    const { result } = mountFiles(client, assistantId);
    await until(() => result.current.files.data !== undefined);
    await until(() => api.server.events.listenerCount(`file:${assistantId}`) === 1);
    await act(() => result.current.upload.trigger([fixture('pdfjs_image_only_no_text.pdf')]));
    await until(() => result.current.files.data?.[0]?.state === 'failed', 20_000);
    expect(result.current.files.data?.[0]).toMatchObject({ state: 'failed', reason: 'no_text_layer' });
  });

  it('uploads several files in one request and deletes them in bulk; the list follows', async () => {
    const { client, assistantId } = await owner();
    const { result } = mountFiles(client, assistantId);
    await until(() => result.current.files.data !== undefined);
    const sent = await act(() =>
      result.current.upload.trigger([
        text('a.txt', 'Horario de 8 a 15 h.'),
        text('b.txt', 'Comedor con menú.'),
      ]),
    );
    expect(sent.map((f) => f.name).sort()).toEqual(['a.txt', 'b.txt']);
    expect(result.current.files.data).toHaveLength(2);
    const answer = await act(() => result.current.remove.trigger(sent.map((f) => f.id)));
    expect(answer).toEqual({ message: 'Delete successfully.', code: 'deleted' });
    expect(result.current.files.data).toEqual([]);
    expect(
      JSON.parse(api.received(`institution-product/${assistantId}/file/delete`, 'POST').at(-1)!.body),
    ).toEqual({
      ids: sent.map((f) => f.id),
    });
    expect(await listFiles(client, assistantId)).toEqual([]);
  });

  it('refuses a wrong file type with the server issue, and stores nothing', async () => {
    const { client, assistantId } = await owner();
    const fake = new File(['not really a pdf'], 'fake.pdf', { type: 'application/pdf' });
    await expect(uploadFiles(client, assistantId, [fake])).rejects.toMatchObject({
      status: expect.any(Number),
      issues: [expect.objectContaining({ code: 'file_type' })],
    });
    expect(await listFiles(client, assistantId)).toEqual([]);
  });

  it("refuses another tenant's files: list, upload, delete and events are 404, and the events stop", async () => {
    const theirs = await owner();
    const [mine] = await uploadFiles(theirs.client, theirs.assistantId, [text('notas.txt', 'privado')]);
    const { client } = await api.signedIn();
    await expect(listFiles(client, theirs.assistantId)).rejects.toMatchObject({ status: 404 });
    await expect(uploadFiles(client, theirs.assistantId, [text('x.txt', 'x')])).rejects.toMatchObject({
      status: 404,
    });
    await expect(deleteFiles(client, theirs.assistantId, [mine!.id])).rejects.toMatchObject({ status: 404 });
    const before = api.received(`institution-product/${theirs.assistantId}/events`).length;
    // A refusal is final: no reconnecting (this resolves rather than retrying forever).
    await followAssistantEvents(
      client,
      theirs.assistantId,
      { onEvent: () => undefined },
      new AbortController().signal,
    );
    expect(api.received(`institution-product/${theirs.assistantId}/events`)).toHaveLength(before + 1);
    expect(await listFiles(theirs.client, theirs.assistantId)).toHaveLength(1);
  });

  it('connects again after a 429 (too many streams open): a place frees when another tab closes', async () => {
    const { client: owned, assistantId } = await owner();
    let refusals = 1;
    const client = createDataClient({
      baseUrl: api.baseUrl,
      storage: memoryStorage(),
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/events') && refusals-- > 0) {
          const body = { message: 'Too many live connections', code: 'too_many_streams' };
          return new Response(JSON.stringify(body), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          });
        }
        return fetch(input, init);
      },
    });
    client.session.update(owned.session.getSnapshot());
    let opened = 0;
    const controller = new AbortController();
    const following = followAssistantEvents(
      client,
      assistantId,
      { onOpen: () => opened++, onEvent: () => undefined },
      controller.signal,
    );
    await until(() => opened === 1, 5000);
    controller.abort();
    await following;
    await settle();
  });

  it('connects again after a failed connection, after a 1 s delay, until stopped', async () => {
    const { client: owned, assistantId } = await owner();
    let failures = 1;
    const client = createDataClient({
      baseUrl: api.baseUrl,
      storage: memoryStorage(),
      // The first attempt at the stream meets a dead network; the next ones go through.
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/events') && failures-- > 0) throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    });
    client.session.update(owned.session.getSnapshot());
    const opened: number[] = [];
    const controller = new AbortController();
    const started = performance.now();
    const following = followAssistantEvents(
      client,
      assistantId,
      { onOpen: () => opened.push(performance.now() - started), onEvent: () => undefined },
      controller.signal,
    );
    await until(() => opened.length === 1, 5000);
    expect(opened[0]).toBeGreaterThanOrEqual(900);
    controller.abort();
    await following;
    await settle();
    expect(api.server.events.listenerCount(`file:${assistantId}`)).toBe(0);
  });
});
