/** Test helpers for uploads: multipart calls, small real images, the stored files on disk, an SSE reader. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AssistantFile, FileEvent } from '@conversa/contract/knowledge';
import { createTenant, type Tenant } from './institutions.fixtures';
import { openSse } from './sse';
import { createTestServer, type TestServer } from './index';

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A 1×1 JPEG. */
export const JPEG = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
    'base64',
  ),
);

export interface UploadPart {
  name: string;
  bytes: Uint8Array | string;
  /** The declared type (never trusted by the server). */
  type?: string;
}

/** A multipart form with the parts under one field. */
export function form(field: string, parts: UploadPart[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    const bytes = typeof part.bytes === 'string' ? new TextEncoder().encode(part.bytes) : part.bytes;
    data.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: part.type ?? '' }), part.name);
  }
  return data;
}

/** `POST …/file` as the tenant's owner (or `token`). */
export function uploadFiles(
  server: TestServer,
  tenant: Tenant,
  parts: UploadPart[],
  options: { token?: string | null; institution?: number | null; field?: string; locale?: string } = {},
) {
  return server.call<{
    data: AssistantFile[];
    code?: string;
    issues?: { path: string; code: string; message: string }[];
  }>(`/api/institution-product/${tenant.assistant.id}/file`, {
    method: 'POST',
    body: form(options.field ?? 'files', parts),
    token: options.token === undefined ? tenant.owner.token : options.token,
    institution: options.institution === undefined ? tenant.institution.id : options.institution,
    locale: options.locale,
  });
}

/** `GET …/file` as the tenant's owner. */
export async function listFiles(server: TestServer, tenant: Tenant): Promise<AssistantFile[]> {
  const { status, body } = await server.call<{ data: AssistantFile[] }>(
    `/api/institution-product/${tenant.assistant.id}/file`,
    { token: tenant.owner.token, institution: tenant.institution.id },
  );
  if (status !== 200) throw new Error(`GET file answered ${status}`);
  return body.data;
}

/** Every stored object's key (relative path under DATA_DIR/files), sorted. */
export function storedKeys(server: TestServer): string[] {
  const root = path.join(server.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

export { eventually } from './eventually';

/** What `openEvents` needs of a tenant (a `Tenant` is one): whose stream, read with which token. */
interface EventsTenant {
  owner: { token: string };
  institution: { id: number };
  assistant: { id: number };
}

/**
 * A live `GET …/events` reader over a real socket, as the console reads it (fetch, not EventSource);
 * `baseUrl` may be any server process (the two-process test reads one while uploading to another).
 */
export async function openEvents(baseUrl: string, tenant: EventsTenant, token = tenant.owner.token) {
  const sse = await openSse<FileEvent>(`${baseUrl}/api/institution-product/${tenant.assistant.id}/events`, {
    authorization: `Bearer ${token}`,
    'x-institution-id': String(tenant.institution.id),
  });
  return {
    ...sse,
    /** Waits until an event's data matches; resolves to that data. */
    async waitFor(match: (event: FileEvent) => boolean, timeoutMs = 20_000): Promise<FileEvent> {
      return (await sse.waitFor((message) => match(message.data), timeoutMs)).data;
    },
  };
}

/** The logo tests' world (an assistant's and an institution's logo): a server, a school and a shop. */
export async function logoTenants(): Promise<{ server: TestServer; school: Tenant; other: Tenant }> {
  const server = await createTestServer();
  const school = await createTenant(server, { name: 'Logo School', kind: 'school' });
  const other = await createTenant(server, { name: 'Other Shop', kind: 'business' });
  return { server, school, other };
}
