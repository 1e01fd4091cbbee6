// The server's floors (docs/architecture.md, "Inside the server") and its folders' import loops,
// checked on its runtime imports by dependency-cruiser. Today's breaches are listed in `architecture.allowed.json`: the list may
// only shrink (a breach not on it fails, and so does an entry that no longer happens).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/** The platform floor: what every feature may use, and which knows no feature. */
const PLATFORM = [
  '^src/(db|events|storage|mail|i18n|logging|http|jobs|rate-limit|audit|llm)/',
  '^src/(clock|paths|config|config-env|deps|bundled-script)\\.ts$',
  // The auth core (tokens, sessions, scopes, the tenancy gate); sign-in is a feature (`sign-in/`).
  '^src/auth/',
];
/** The root floor: the composition of the server, and what tests build it with. */
const ROOT = ['^src/(app|main|server|job-registry)\\.ts$', '^src/testing/'];
const NOT_FEATURE = [...PLATFORM, ...ROOT, '\\.test\\.ts$'];

const rules: IForbiddenRuleType[] = [
  {
    name: 'platform-knows-no-feature',
    severity: 'error',
    from: { path: PLATFORM },
    to: { path: '^src/', pathNot: PLATFORM },
  },
  {
    name: 'feature-knows-no-root',
    severity: 'error',
    from: { path: '^src/', pathNot: NOT_FEATURE },
    to: { path: ROOT },
  },
  {
    // A feature reaches another only through the other folder's `index.ts`.
    name: 'feature-through-index',
    severity: 'error',
    from: { path: '^src/([^/]+)/', pathNot: NOT_FEATURE },
    to: { path: '^src/[^/]+/', pathNot: [...NOT_FEATURE, '^src/$1/', '^src/[^/]+/index\\.ts$'] },
  },
  {
    // Routes speak HTTP and jobs run services: SQL is the repos'.
    name: 'no-sql-in-routes-and-jobs',
    severity: 'error',
    from: { path: '\\.(routes|job)\\.ts$' },
    to: { path: ['node_modules/drizzle-orm/', '^src/db/[a-z-]*schema\\.ts$'] },
  },
  {
    // Services queue jobs, in the transaction of the change they follow (and jobs queue follow-ups):
    // a route only asks, a repo only stores.
    name: 'jobs-queued-by-services',
    severity: 'error',
    from: { path: '\\.(routes|repo)\\.ts$' },
    to: { path: '^src/jobs/queue\\.ts$' },
  },
  {
    // The root mounts each feature's routes and registers its jobs from the folder's `index.ts`.
    name: 'root-through-index',
    severity: 'error',
    from: { path: '^src/(app|main|server|job-registry)\\.ts$' },
    to: { path: '^src/[^/]+/', pathNot: [...PLATFORM, '^src/testing/', '^src/[^/]+/index\\.ts$'] },
  },
  {
    // Folders (all they hold, subfolders too) import each other one way: no loop of two or more,
    // so each can be learnt, and moved, before the ones that use it.
    name: 'no-folder-loop',
    severity: 'error',
    scope: 'folder',
    from: { path: '^src/[^/]+$' },
    to: { path: '^src/[^/]+$', circular: true },
  },
];

/** An npm package's name for a path into node_modules (whatever the store's folder is called). */
const packageName = (to: string) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(to)?.[1];

/** The runtime imports of a tree (`from → to`) and its breaches (`rule: from → to`), one line each. */
async function cruiseTree(baseDir: string): Promise<{ imports: string[]; breaches: string[] }> {
  const { output } = await cruise(['src'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules },
    // Runtime imports only: what TypeScript elides (`import type`) binds no floor to another.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$|\\.d\\.ts$' },
    doNotFollow: { path: 'node_modules' },
  });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text');
  return {
    imports: output.modules.flatMap(({ source, dependencies }) =>
      dependencies.map(({ resolved }) => `${source} → ${packageName(resolved) ?? resolved}`),
    ),
    breaches: output.summary.violations
      .map(({ rule, from, to }) => `${rule.name}: ${from} → ${packageName(to) ?? to}`)
      .sort(),
  };
}

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const allowedFile = new URL('./architecture.allowed.json', import.meta.url);

describe('the server floors', () => {
  it('are kept, but for the breaches on the list, each of which still happens', async () => {
    const allowed = JSON.parse(await readFile(allowedFile, 'utf8')) as string[];
    const { imports, breaches: found } = await cruiseTree(serverDir);
    // The tree was read, SQL imports included: a list of no breaches is not a cruise that saw nothing.
    expect(imports).toContain('src/sales/records.repo.ts → drizzle-orm');
    expect(imports).toContain('src/sales/records.routes.ts → src/sales/records.repo.ts');
    // A new breach: fix it (docs/architecture.md says where the line goes).
    expect(found.filter((line) => !allowed.includes(line))).toEqual([]);
    // A breach mended: take it off the list.
    expect(allowed.filter((line) => !found.includes(line))).toEqual([]);
  }, 60_000);

  const scratch = mkdtemp(path.join(tmpdir(), 'floors-'));
  afterAll(async () => rm(await scratch, { recursive: true, force: true }));

  it('catches each rule broken in a tree made for it', async () => {
    const dir = await scratch;
    const files: Record<string, string> = {
      'tsconfig.json': '{"compilerOptions":{"module":"esnext","moduleResolution":"bundler"}}',
      'node_modules/drizzle-orm/package.json': '{"name":"drizzle-orm","main":"index.js"}',
      'node_modules/drizzle-orm/index.js': 'export const sql = 1;',
      'src/app.ts':
        "import { answer } from './chat/index';\nimport { ask } from './chat/ask';\nexport const app = [answer, ask];",
      'src/testing/fixtures.ts': 'export const fixture = 1;',
      'src/db/schema.ts': 'export const table = 1;',
      'src/jobs/queue.ts': 'export const enqueue = 1;',
      'src/chat/chat.repo.ts': "import { enqueue } from '../jobs/queue';\nexport const repo = enqueue;",
      'src/db/database.ts': "import { ask } from '../chat/ask';\nexport const db = ask;",
      'src/chat/index.ts': "export { answer } from './ask';",
      'src/chat/ask.ts':
        "import { sale } from '../sales/index';\nexport const ask = 1;\nexport const answer = sale;",
      'src/sales/index.ts': 'export const sale = 1;',
      'src/chat/chat.fixtures.ts':
        "import { fixture } from '../testing/fixtures';\nexport const f = fixture;",
      'src/chat/chat.routes.ts':
        "import { sql } from 'drizzle-orm';\nimport { table } from '../db/schema';\nexport const r = [sql, table];",
      'src/sales/sales.service.ts':
        "import { ask } from '../chat/ask';\nimport { answer } from '../chat/index';\nexport const s = [ask, answer];",
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    expect((await cruiseTree(dir)).breaches).toEqual([
      'feature-knows-no-root: src/chat/chat.fixtures.ts → src/testing/fixtures.ts',
      'feature-through-index: src/sales/sales.service.ts → src/chat/ask.ts',
      'jobs-queued-by-services: src/chat/chat.repo.ts → src/jobs/queue.ts',
      // chat and sales import each other (through their indexes), and so do chat and the platform's db.
      'no-folder-loop: src/chat → src/db',
      'no-folder-loop: src/chat → src/sales',
      'no-folder-loop: src/db → src/chat',
      'no-folder-loop: src/sales → src/chat',
      'no-sql-in-routes-and-jobs: src/chat/chat.routes.ts → drizzle-orm',
      'no-sql-in-routes-and-jobs: src/chat/chat.routes.ts → src/db/schema.ts',
      'platform-knows-no-feature: src/db/database.ts → src/chat/ask.ts',
      'root-through-index: src/app.ts → src/chat/ask.ts',
    ]);
  }, 60_000);
});
