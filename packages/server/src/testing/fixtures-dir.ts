/**
 * Where the shared real-world fixtures live (docs/architecture.md#tests): `CONVERSA_FIXTURES`, else the `shared/fixtures`
 * folder beside the repository (or beside a parent folder, for clones made inside a workspace). They are never copied into the repository; a missing folder is an
 * error that says what to do, never a skipped test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository's root (this file is `<repo root>/packages/server/src/testing/`). */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the workspace keeps them when the repository is cloned elsewhere (a CI scratch folder). */
const WORKSPACE_FIXTURES = '/work/shared/fixtures';

/**
 * `shared/fixtures` beside the repository or beside one of its parent folders, else the workspace's
 * own copy; null when none exists.
 */
function besideRepository(): string | null {
  let dir = path.dirname(path.resolve(REPO_ROOT));
  for (;;) {
    const candidate = path.join(dir, 'shared', 'fixtures');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return existsSync(WORKSPACE_FIXTURES) ? WORKSPACE_FIXTURES : null;
    dir = parent;
  }
}

/** The fixtures folder; throws with a clear message when it does not exist. */
export function fixturesDir(): string {
  const dir = process.env.CONVERSA_FIXTURES
    ? path.resolve(process.env.CONVERSA_FIXTURES)
    : besideRepository();
  if (!dir || !existsSync(dir)) {
    throw new Error(
      `Test fixtures not found${dir ? ` at ${dir}` : ''}. Set CONVERSA_FIXTURES to the folder holding ` +
        'documents/ and whatsapp/ (by default, shared/fixtures beside the repository or one of its parents).',
    );
  }
  return dir;
}

/** The absolute path of a fixture, e.g. `fixturePath('documents', 'mammoth_tables.docx')`; throws when missing. */
export function fixturePath(...parts: string[]): string {
  const file = path.join(fixturesDir(), ...parts);
  if (!existsSync(file)) throw new Error(`Test fixture missing: ${file} (check CONVERSA_FIXTURES).`);
  return file;
}

/** A fixture's bytes. */
export function readFixture(...parts: string[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(fixturePath(...parts)));
}
