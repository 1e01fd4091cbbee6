// Bootstraps the pnpm pinned in package.json#packageManager into .cache/, with npm alone
// (corepack fails against this registry's signatures; a global install may need root).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const version = manifest.packageManager.replace(/^pnpm@/, '');
const prefix = path.resolve('.cache', `pnpm-${version}`);
const entry = path.join(prefix, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** Installs the pinned pnpm once; later calls are free. */
export async function ensurePnpm() {
  if (existsSync(entry)) return;
  console.log(`conversa: installing pnpm ${version} into ${path.relative(process.cwd(), prefix)}`);
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `pnpm@${version}`,
    ],
    { stdio: 'inherit' },
  );
}

/** The command and leading arguments that run the pinned pnpm. */
export function pnpmArgs() {
  return [process.execPath, [entry]];
}
