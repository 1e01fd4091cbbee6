/** The backup tests' shared parts: a scratch folder, a document, and the server's state and writes. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { ask, startSession } from './chat.fixtures';
import { institutions } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';
import { conversations, messages } from '../db/conversations-schema';
import { uploadFiles } from './files.fixtures';
import type { Tenant } from './institutions.fixtures';
import { readFixture, type TestServer } from './index';

/** A scratch folder for the calling test file, removed after it. */
export function scratchDir(): string {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'conversa-backup-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return scratch;
}

export const DOCX = readFixture('documents', 'mammoth_tables.docx');
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The rows a backup must carry, in a stable order (times as the database answers them). */
export async function state(server: TestServer) {
  const { db } = server.database;
  return {
    institutions: await db.select().from(institutions).orderBy(asc(institutions.id)),
    files: await db.select().from(assistantFiles).orderBy(asc(assistantFiles.id)),
    conversations: await db.select().from(conversations).orderBy(asc(conversations.id)),
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
  };
}

/** A conversation with one question (and its answer). */
export async function converse(server: TestServer, tenant: Tenant, question: string) {
  const session = await startSession(server, tenant);
  const asked = await ask(server, session, question);
  expect(asked.status).toBe(200);
  return session.conversation_id;
}

/** Uploads one file; its row. */
export async function upload(server: TestServer, tenant: Tenant, name: string, bytes: Uint8Array | string) {
  const { status, body } = await uploadFiles(server, tenant, [{ name, bytes }]);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data[0]!;
}

/** Deletes files through the API. */
export async function deleteFiles(server: TestServer, tenant: Tenant, ids: number[]) {
  const { status } = await server.call(`/api/institution-product/${tenant.assistant.id}/file/delete`, {
    json: { ids },
    token: tenant.owner.token,
    institution: tenant.institution.id,
  });
  expect(status).toBe(200);
}

/** Files and folders under a folder, as relative paths, sorted (for "nothing changed"). */
export const listing = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return null;
  }
};
