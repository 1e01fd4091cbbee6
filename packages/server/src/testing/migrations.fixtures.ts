/**
 * The migration tests' folders: the real migrations, and a copy of them as they were before a
 * given one (for a database holding data of the earlier shape). Copies go in a temporary folder
 * removed after the file's tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';

export const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'conversa-migrate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was up to (not including) `tag`. */
export function migrationsBefore(tag: string): string {
  const folder = path.join(work, tag);
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}
