/**
 * Playwright traces of failing journeys, on demand: with `E2E_TRACE=1` every checked context records
 * a trace (DOM snapshots, screenshots, network), one chunk per test, and a failing test's chunks are
 * kept as `artifacts/traces/<test>-<n>.zip` (open with `playwright-core show-trace`): the way to find
 * the cause of a flake, never to retry it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterEach } from 'vitest';
import { artifactsDir } from './paths';

export const tracing = process.env.E2E_TRACE === '1';
const traced = new Set<BrowserContext>();

/** Starts recording a context (with E2E_TRACE=1). */
export async function traceContext(context: BrowserContext): Promise<void> {
  if (!tracing) return;
  await context.tracing.start({ screenshots: true, snapshots: true });
  await context.tracing.startChunk();
  traced.add(context);
  context.on('close', () => traced.delete(context));
}

/** Registered by vitest.config.ts's setup: closes each test's chunk, kept when the test failed. */
export function keepTracesOfFailures(): void {
  if (!tracing) return;
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0;
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    const folder = path.join(artifactsDir, 'traces');
    if (failed) mkdirSync(folder, { recursive: true });
    let n = 0;
    for (const context of traced) {
      n += 1;
      await context.tracing
        .stopChunk(failed ? { path: path.join(folder, `${name}-${n}.zip`) } : undefined)
        .catch(() => undefined);
      await context.tracing.startChunk().catch(() => undefined);
    }
  });
}
