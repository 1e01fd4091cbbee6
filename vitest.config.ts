import path from 'node:path';
// One vitest run for the workspace. The server suite runs twice: on PGlite and on a real
// PostgreSQL (TEST_DATABASE_URL, started by `npm test`).

import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiReact } from './packages/ui/lingui-preset.ts';

const serverSetup = fileURLToPath(new URL('./packages/server/src/testing/global-setup.ts', import.meta.url));

/**
 * The server's test files that never open a database (pure code: extraction, text, storage): they
 * run once, in `server`; the others run on PGlite and again on PostgreSQL.
 */
const serverRoot = fileURLToPath(new URL('./packages/server/', import.meta.url));
const DATABASE = /createTestServer|openDatabase|createPglite|TEST_DB/;
/** Whether a test file opens a database: itself, or through a fixtures module of the package it imports. */
function opensDatabase(file: string): boolean {
  const text = readFileSync(serverRoot + file, 'utf8');
  if (DATABASE.test(text)) return true;
  return [...text.matchAll(/from '(\.{1,2}\/[^']+\.fixtures)'/g)].some(([, specifier]) =>
    DATABASE.test(readFileSync(path.join(serverRoot, path.dirname(file), `${specifier}.ts`), 'utf8')),
  );
}
const databaseFree = readdirSync(`${serverRoot}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`)
  .filter((file) => !opensDatabase(file));

// Every project runs its files without module isolation (`isolate: false`): a worker keeps the
// modules it loaded (the server, PGlite's WebAssembly, React) for its next file instead of
// importing them again, about twice as fast on two cores. Each file still starts its own server
// on its own database; nothing mocks modules (`vi.mock`, refused by eslint), which would need
// isolation.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single worker on a two-core machine:
    // then the second core idles most of the run (the main process needs little). Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // React components in jsdom, with the lingui macro and .po catalogs compiled on the fly.
        plugins: linguiReact(),
        test: {
          isolate: false,
          name: 'ui',
          root: './packages/ui',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/features/**'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The connected screens, against the real server in-process (the data project's environment).
        plugins: linguiReact(),
        test: {
          isolate: false,
          name: 'ui:features',
          root: './packages/ui',
          include: ['src/features/**/*.test.{ts,tsx}'],
          environment: '../data/src/testing/jsdom-ssr-environment.ts',
          setupFiles: ['./src/testing/setup.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The admin app's routes and guards in a memory router, against the real server in-process.
        plugins: linguiReact(),
        test: {
          isolate: false,
          name: 'admin',
          root: './packages/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: '../data/src/testing/jsdom-ssr-environment.ts',
          setupFiles: ['../ui/src/testing/setup.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The widget's chat app under Preact, as it ships: React-API code (JSX and the lingui macro
        // compiled as for React) with react, react-dom, the JSX runtime and SWR's hook shim aliased to
        // preact/compat and Preact's runtime; against the real server in-process.
        plugins: linguiReact(fileURLToPath(new URL('./packages/widget/lingui.config.ts', import.meta.url))),
        resolve: {
          alias: [
            {
              find: /^(react|react-dom|use-sync-external-store\/shim(\/index\.js)?)$/,
              replacement: fileURLToPath(
                new URL('./packages/widget/node_modules/preact/compat/dist/compat.mjs', import.meta.url),
              ),
            },
            {
              find: /^react\/jsx-(dev-)?runtime$/,
              replacement: fileURLToPath(
                new URL(
                  './packages/widget/node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs',
                  import.meta.url,
                ),
              ),
            },
          ],
        },
        test: {
          isolate: false,
          name: 'widget',
          root: './packages/widget',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: '../data/src/testing/jsdom-ssr-environment.ts',
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          server: { deps: { inline: ['swr', '@lingui/react'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          isolate: false,
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          isolate: false,
          name: 'server',
          root: './packages/server',
          include: databaseFree,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          isolate: false,
          name: 'server:pglite',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          exclude: databaseFree,
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          isolate: false,
          name: 'server:postgres',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          exclude: databaseFree,
          env: { TEST_DB: 'postgres' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          isolate: false,
          name: 'data',
          root: './packages/data',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.preact.test.{ts,tsx}'],
          // jsdom, but modules transformed for Node: the tests run the real server in-process.
          environment: './src/testing/jsdom-ssr-environment.ts',
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same data layer under Preact, as the widget ships it: react (and the hook shim SWR
        // uses) aliased to preact/compat; swr is inlined so the alias reaches its imports too.
        resolve: {
          alias: [
            {
              find: /^(react|react-dom|use-sync-external-store\/shim(\/index\.js)?)$/,
              replacement: fileURLToPath(
                new URL('./packages/data/node_modules/preact/compat/dist/compat.mjs', import.meta.url),
              ),
            },
            {
              find: /^react\/jsx-(dev-)?runtime$/,
              replacement: fileURLToPath(
                new URL(
                  './packages/data/node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs',
                  import.meta.url,
                ),
              ),
            },
          ],
        },
        test: {
          isolate: false,
          name: 'data:preact',
          root: './packages/data',
          include: ['src/**/*.preact.test.{ts,tsx}'],
          environment: './src/testing/jsdom-ssr-environment.ts',
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          server: { deps: { inline: ['swr'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
