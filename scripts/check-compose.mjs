#!/usr/bin/env node
// A manual check of compose.yaml with Docker's own parser, where Docker Compose is installed:
// `node scripts/check-compose.mjs`. Never part of `npm test` (CI has no Docker); the test
// packages/server/src/deploy.test.ts checks the same file against the Compose schema without it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.error('check-compose: Docker Compose is not installed here (`docker compose version` failed).');
  process.exit(2);
}
// Placeholders for the secrets compose.yaml requires from .env: only the file's shape is checked.
const env = {
  ...process.env,
  JWT_SECRET: 'x'.repeat(48),
  WHATSAPP_SECRETS_KEY: 'y'.repeat(48),
  POSTGRES_PASSWORD: 'check',
  S3_ROOT_USER: 'root-check',
  S3_ROOT_PASSWORD: 'root-check-check',
  S3_ACCESS_KEY: 'check',
  S3_SECRET_KEY: 'check-check',
};
const result = spawnSync('docker', ['compose', '--file', 'compose.yaml', 'config', '--quiet'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (result.status === 0) console.error('check-compose: compose.yaml is valid for Docker Compose.');
process.exit(result.status ?? 1);
