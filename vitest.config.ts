// One vitest run for the workspace. The server suite runs twice: on PGlite and on a real
// PostgreSQL (TEST_DATABASE_URL, started by `npm test`).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverSetup = fileURLToPath(new URL('./packages/server/src/testing/global-setup.ts', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server:pglite',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:postgres',
          root: './packages/server',
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'data',
          root: './packages/data',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          env: { TEST_DB: 'pglite' },
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
