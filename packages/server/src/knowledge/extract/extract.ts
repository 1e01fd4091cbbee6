/**
 * Text extraction for uploaded knowledge files (DESIGN §5): each document is read in its own worker
 * thread with a V8 heap limit, a watch on the process's memory and a time limit, so a hostile or
 * pathological file costs one terminated worker, never the server.
 */
import { Worker } from 'node:worker_threads';
import type { FileType } from '@conversa/contract/knowledge';
import type { ExtractLimits, ExtractRequest, ExtractResult } from './types';

export type { ExtractLimits, ExtractResult } from './types';

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 60_000,
  maxMemoryMb: 512,
  maxChars: 2_000_000,
  maxPages: 1000,
  maxInflatedBytes: 100 * 1024 * 1024,
};

// From src/ (tsx, vitest) the worker is the TypeScript source beside this file, started through a
// small loader that registers tsx; in the bundle this code lives in dist/main.js and build.mjs emits
// the worker as dist/extract.worker.js beside it.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './tsx-worker.mjs' : './extract.worker.js',
  import.meta.url,
);
/** How often the process's resident memory is sampled while a worker runs. */
const MEMORY_SAMPLE_MS = 50;
/** What a worker costs beside its old-generation heap: its isolate, code, young generation, buffers. */
const WORKER_OVERHEAD_MB = 256;

/**
 * Extracts plain text (NFKC-normalised, paragraphs separated by blank lines) in a worker thread with
 * the time and memory limits; never throws for bad input. It rejects only when the worker itself
 * cannot run (a broken install), which is not the document's fault.
 */
export function extractText(
  bytes: Uint8Array,
  type: FileType,
  limits: Partial<ExtractLimits> = {},
): Promise<ExtractResult> {
  // An explicit `undefined` keeps the default (a plain spread would let it through).
  const given = Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
  const settings: ExtractLimits = { ...DEFAULT_EXTRACT_LIMITS, ...given };
  // A copy is moved to the worker: the caller keeps its bytes.
  const copy = bytes.slice();
  const request: ExtractRequest = { bytes: copy, type, limits: settings };
  const tooComplex = (detail: string): ExtractResult => ({ ok: false, reason: 'too_complex', detail });

  return new Promise((resolve, reject) => {
    const startRss = process.memoryUsage.rss();
    const worker = new Worker(WORKER_URL, {
      workerData: request,
      transferList: [copy.buffer],
      // Not the parent's flags (a test runner's or a debugger's).
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: settings.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(settings.maxMemoryMb / 8))),
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryWatch);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => resolve(tooComplex(`reading took longer than ${settings.timeoutMs} ms`))),
      settings.timeoutMs,
    );
    // resourceLimits cover the V8 heap only; ArrayBuffers (a PDF stream inflating to gigabytes) are
    // caught here, by the growth of the whole process while this worker runs.
    const maxGrowthMb = settings.maxMemoryMb + WORKER_OVERHEAD_MB;
    const memoryWatch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > maxGrowthMb * 1024 * 1024) {
        finish(() => resolve(tooComplex(`reading needed more than ${maxGrowthMb} MB`)));
      }
    }, MEMORY_SAMPLE_MS);
    worker.on('message', (result: ExtractResult) => finish(() => resolve(result)));
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve(tooComplex(`reading needed more than ${settings.maxMemoryMb} MB of heap`))
          : reject(error),
      ),
    );
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the extraction worker exited (code ${code}) without an answer`))),
    );
  });
}
