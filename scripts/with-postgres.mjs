#!/usr/bin/env node
// Runs a command with a throwaway PostgreSQL, its URL in TEST_DATABASE_URL and BENCH_DATABASE_URL.
//   node scripts/with-postgres.mjs pnpm exec vitest run --project server:postgres
import { spawnSync } from 'node:child_process';
import { startPostgres } from './lib/postgres.mjs';
import { pnpmArgs } from './lib/pnpm.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}
const postgres = await startPostgres();
const [pnpm, prefix] = pnpmArgs();
const result =
  command === 'pnpm'
    ? spawnSync(pnpm, [...prefix, ...args], {
        stdio: 'inherit',
        env: { ...process.env, TEST_DATABASE_URL: postgres.url, BENCH_DATABASE_URL: postgres.url },
      })
    : spawnSync(command, args, {
        stdio: 'inherit',
        env: { ...process.env, TEST_DATABASE_URL: postgres.url, BENCH_DATABASE_URL: postgres.url },
      });
await postgres.stop();
process.exit(result.status ?? 1);
