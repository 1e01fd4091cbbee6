/** Test helpers for the public chat: sessions, questions read as server-sent events, and training. */
import type { Faq, HandoffBodySchema, LiveChat } from '@conversa/contract/assistant';
import type { ChatEventName, ChatSession, PublicKind } from '@conversa/contract/chat';
import { createParser } from 'eventsource-parser';
import type * as v from 'valibot';
import { assistantFiles } from '../db/knowledge-schema';
import type { Tenant } from './institutions.fixtures';
import { replaceChunks } from '../knowledge/index.repo';
import type { RequestOptions, TestServer } from './index';

export interface SseEvent {
  event: ChatEventName;
  data: Record<string, unknown>;
}

/** The public path segment of a tenant's first assistant. */
export const kindOf = (tenant: Tenant): PublicKind =>
  tenant.assistant.product.type === 'admission' ? 'admissions' : 'retail';

/** `POST public/{kind}/{institution}/session`; fails the test unless it is created. */
export async function startSession(
  server: TestServer,
  tenant: Tenant,
  options: RequestOptions = {},
): Promise<ChatSession> {
  const { status, body } = await server.call<{ data: ChatSession }>(
    `/api/public/${kindOf(tenant)}/${tenant.institution.id}/session`,
    { method: 'POST', ...options },
  );
  if (status !== 201) throw new Error(`session answered ${status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Parses a text/event-stream body into its events. */
export function parseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message) =>
      events.push({
        event: message.event as ChatEventName,
        data: JSON.parse(message.data) as Record<string, unknown>,
      }),
  });
  parser.feed(text);
  return events;
}

export interface Asked {
  status: number;
  headers: Headers;
  /** The events of a streamed answer (empty for a JSON error). */
  events: SseEvent[];
  /** The JSON body of an error answer. */
  body: Record<string, unknown> | null;
  /** The streamed answer's text: the `token` events joined. */
  text: string;
}

/** `POST public/conversation/{id}/message` with a session's token, read to its end. */
export async function ask(
  server: TestServer,
  session: ChatSession,
  text: unknown,
  options: RequestOptions = {},
): Promise<Asked> {
  const response = await server.request(`/api/public/conversation/${session.conversation_id}/message`, {
    token: session.token,
    json: { text },
    ...options,
  });
  const raw = await response.text();
  const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const events = isStream ? parseEvents(raw) : [];
  return {
    status: response.status,
    headers: response.headers,
    events,
    body: isStream || raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>),
    text: events
      .filter((event) => event.event === 'token')
      .map((event) => String(event.data.text))
      .join(''),
  };
}

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

/** Sets the tenant's knowledge-base text through the API (which indexes it). */
export async function setKnowledgeBase(server: TestServer, tenant: Tenant, text: string): Promise<void> {
  const { status, body } = await server.call(
    `/api/institution-product/${tenant.assistant.id}/knowledge-base`,
    {
      method: 'PUT',
      ...asOwner(tenant),
      json: { text },
    },
  );
  if (status !== 200) throw new Error(`knowledge base answered ${status}: ${JSON.stringify(body)}`);
}

/** Replaces the tenant's FAQs through the API. */
export async function setFaqs(server: TestServer, tenant: Tenant, faqs: Faq[]): Promise<void> {
  const { status, body } = await server.call(`/api/institution-product/${tenant.assistant.id}/faq`, {
    method: 'PUT',
    ...asOwner(tenant),
    json: { faqs },
  });
  if (status !== 200) throw new Error(`faq answered ${status}: ${JSON.stringify(body)}`);
}

/** Updates the tenant's assistant settings (handoff, public link) through the API. */
export async function updateAssistant(
  server: TestServer,
  tenant: Tenant,
  json: {
    handoff?: v.InferInput<typeof HandoffBodySchema>;
    public_link_active?: boolean;
    live_chat?: LiveChat;
  },
): Promise<void> {
  const { status, body } = await server.call(`/api/institution-product/${tenant.assistant.id}`, {
    method: 'PUT',
    ...asOwner(tenant),
    json,
  });
  if (status !== 200) throw new Error(`update answered ${status}: ${JSON.stringify(body)}`);
}

/**
 * A processed file with its chunks, written straight to the database (uploading and processing
 * are the files routes' own tests).
 */
export async function addFile(
  server: TestServer,
  tenant: Tenant,
  name: string,
  chunks: string[],
  state: 'ready' | 'processing' | 'failed' = 'ready',
): Promise<number> {
  const [row] = await server.database.db
    .insert(assistantFiles)
    .values({
      institutionId: tenant.institution.id,
      assistantId: tenant.assistant.id,
      name,
      type: name.split('.').pop() ?? 'txt',
      size: chunks.join('\n').length,
      sha256: 'test',
      storageKey: `test/${name}`,
      state,
    })
    .returning({ id: assistantFiles.id });
  await replaceChunks(server.database.db, {
    institutionId: tenant.institution.id,
    assistantId: tenant.assistant.id,
    fileId: row!.id,
    source: 'file',
    chunks,
  });
  return row!.id;
}
