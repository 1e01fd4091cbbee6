// "Builds what is not built": a package is stale when any input file is newer than its build stamp.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const skip = new Set(['node_modules', 'dist', '.cache', 'coverage']);

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (skip.has(entry)) continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

// The stamp lives in the output folder (`dist/` unless told), so deleting the output rebuilds.
const stampOf = (dir, out = 'dist') => path.join(dir, out, '.built');

/** True when the package has no build yet or an input changed since. */
export function isStale(dir, inputs, out) {
  const stamp = stampOf(dir, out);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return inputs.some((input) => newest(input) > builtAt) || newest('pnpm-lock.yaml') > builtAt;
}

/** Records a successful build. */
export function markBuilt(dir, out) {
  writeFileSync(stampOf(dir, out), new Date().toISOString());
}
