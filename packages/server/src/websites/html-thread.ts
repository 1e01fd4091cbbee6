/**
 * The crawler's HTML thread (docs/architecture.md#websites): pages are read by html-content.ts in a
 * worker thread of their own (html-content.worker.ts, bundled like the CSV thread, bundled-script.ts),
 * one at a time, so a page built to stall the reader (deeply nested, 5 MB of blocks) never holds
 * the event loop. The thread has a heap of WEBSITE_PAGE_READ_MEMORY_MB; a page read for longer than
 * its time limit (WEBSITE_PAGE_READ_TIMEOUT_MS), or that runs the thread out of memory, is
 * `too_complex`: the thread is terminated and the next page starts a new one. Idle, the thread
 * holds nothing open.
 */
import { WEBSITE_PAGE_READ_MEMORY_MB, WEBSITE_PAGE_READ_TIMEOUT_MS } from '@conversa/contract/constants';
import { Worker } from 'node:worker_threads';
import { bundledScript } from '../bundled-script';
import type { PageContent } from './html-content';
import type { HtmlAnswer, HtmlRequest } from './html-content.worker';

const script = () =>
  bundledScript('html-content.worker', new URL('./html-content.worker.ts', import.meta.url));

export type HtmlOutcome = { ok: true; content: PageContent } | { ok: false; reason: 'too_complex' };

interface Thread {
  worker: Worker;
  /** Resolves when the thread listens (its modules loaded). */
  ready: Promise<void>;
}

let current: Thread | null = null;
/** The page being read; the next ones wait behind it. */
let queue: Promise<unknown> = Promise.resolve();
let next = 0;

function start(): Thread {
  // Not the parent's flags (a test runner's loaders, a debugger's).
  const worker = new Worker(script(), {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: WEBSITE_PAGE_READ_MEMORY_MB },
  });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (answer: HtmlAnswer) => {
      if (!('ready' in answer)) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HTML thread exited (${code}) before it was ready`)));
  });
  ready.catch(() => undefined);
  const thread = { worker, ready };
  worker.once('exit', () => {
    if (current === thread) current = null;
  });
  return thread;
}

/**
 * A fetched page's title, main text and links, read in the HTML thread; `too_complex` past
 * `timeoutMs` of reading or the thread's memory. Pages queue, each with its own time limit.
 */
export function readHtmlInThread(
  page: { bytes: Uint8Array; contentType: string; url: string },
  timeoutMs: number = WEBSITE_PAGE_READ_TIMEOUT_MS,
): Promise<HtmlOutcome> {
  const read = queue.then(() => readOne(page, timeoutMs));
  queue = read.catch(() => undefined);
  return read;
}

async function readOne(
  page: { bytes: Uint8Array; contentType: string; url: string },
  timeoutMs: number,
): Promise<HtmlOutcome> {
  const thread = (current ??= start());
  thread.worker.ref();
  try {
    await thread.ready;
  } catch (error) {
    current = null;
    throw error;
  }
  const id = (next += 1);
  return new Promise<HtmlOutcome>((resolve, reject) => {
    const settle = (stop: boolean) => {
      clearTimeout(timer);
      thread.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (stop) {
        if (current === thread) current = null;
        void thread.worker.terminate();
      } else thread.worker.unref();
    };
    const timer = setTimeout(() => {
      settle(true);
      resolve({ ok: false, reason: 'too_complex' });
    }, timeoutMs);
    const onMessage = (answer: HtmlAnswer) => {
      if (!('id' in answer) || answer.id !== id) return;
      settle(false);
      // A page the reader throws on is one it cannot take apart.
      resolve(
        'content' in answer ? { ok: true, content: answer.content } : { ok: false, reason: 'too_complex' },
      );
    };
    const onError = (error: Error & { code?: string }) => {
      settle(true);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ ok: false, reason: 'too_complex' });
      else reject(error);
    };
    const onExit = (code: number) => {
      settle(true);
      reject(new Error(`the HTML thread exited (${code})`));
    };
    thread.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // Copied, not transferred: a small Buffer's memory is the pool's, shared with others.
    thread.worker.postMessage({ id, ...page } satisfies HtmlRequest);
  });
}

/** Stops the HTML thread (on shutdown); the next page starts a new one. */
export function stopHtmlThread(): void {
  void current?.worker.terminate();
  current = null;
}
