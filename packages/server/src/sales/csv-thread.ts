/**
 * The process's CSV thread (records-csv.worker.ts), started on the first download and shared by
 * all: chunks queue and come back in order. It holds the process open only while it owes chunks;
 * one that dies fails the chunks it held, and the next chunk starts a new one. Lead imports are
 * read in a thread of their own (the same script), one at a time, terminated past their budget.
 */
import { Worker } from 'node:worker_threads';
import { bundledScript } from '../bundled-script';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';
import type { CsvChunk } from './csv-rows';
import type { ImportCheck, LeadCsvOptions } from './lead-import';
import type { CsvAnswer, CsvRequest } from './records-csv.worker';

const script = () => bundledScript('records-csv.worker', new URL('./records-csv.worker.ts', import.meta.url));

interface Waiting {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let next = 0;

function failAll(error: Error) {
  for (const entry of waiting.values()) entry.reject(error);
  waiting.clear();
}

function started(): Worker {
  if (worker) return worker;
  // Not the parent's flags (a test runner's loaders, a debugger's).
  const thread = new Worker(script(), { execArgv: [] });
  thread.unref();
  thread.on('message', (answer: CsvAnswer) => {
    const entry = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) thread.unref();
    if ('bytes' in answer) entry?.resolve(answer.bytes);
    else entry?.reject(new Error('error' in answer ? answer.error : 'the CSV thread answered out of turn'));
  });
  thread.on('error', (error) => {
    worker = null;
    failAll(error);
  });
  thread.on('exit', (code) => {
    worker = null;
    failAll(new Error(`the CSV thread exited (${code})`));
  });
  worker = thread;
  return thread;
}

/** The CSV bytes of a chunk (csv-rows.ts), written in the CSV thread. */
export function csvInThread(chunk: CsvChunk): Promise<Uint8Array> {
  const thread = started();
  const id = (next += 1);
  return new Promise((resolve, reject) => {
    // Held open only while it owes chunks.
    if (waiting.size === 0) thread.ref();
    waiting.set(id, { resolve, reject });
    thread.postMessage({ id, chunk } satisfies CsvRequest);
  });
}

/** The thread that reads lead imports, one at a time; kept between imports, stopped past a budget. */
let importThread: Worker | null = null;
/** The import being read, the next ones waiting behind it. */
let importQueue: Promise<unknown> = Promise.resolve();

/**
 * A lead import read and checked (lead-import.ts) in the import thread: its refusal of the whole
 * file as the ApiError it threw, and, past `budgetMs` of reading, the thread terminated and a 400
 * `import_too_slow`. The event loop only waits; imports queue, each with its own budget.
 */
export function leadCsvInThread(
  bytes: Uint8Array,
  options: LeadCsvOptions,
  budgetMs: number,
): Promise<ImportCheck> {
  const read = importQueue.then(() => readInThread(bytes, options, budgetMs));
  importQueue = read.catch(() => undefined);
  return read;
}

function readInThread(bytes: Uint8Array, options: LeadCsvOptions, budgetMs: number): Promise<ImportCheck> {
  // Not the parent's flags (a test runner's loaders, a debugger's).
  const thread = (importThread ??= new Worker(script(), { execArgv: [] }));
  thread.ref();
  return new Promise<ImportCheck>((resolve, reject) => {
    const settle = (stop: boolean) => {
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (stop) {
        if (importThread === thread) importThread = null;
        void thread.terminate();
      } else thread.unref();
    };
    const timer = setTimeout(() => {
      settle(true);
      const message = translate(options.locale, 'import_too_slow');
      reject(
        new ApiError(400, 'validation_failed', {
          issues: [{ path: 'file', code: 'import_too_slow', message }],
        }),
      );
    }, budgetMs);
    const onMessage = (answer: CsvAnswer) => {
      settle(false);
      if ('leads' in answer) resolve(answer.leads);
      else if ('refusal' in answer) {
        const { status, code, issues } = answer.refusal;
        reject(new ApiError(status, code, { issues }));
      } else reject(new Error('error' in answer ? answer.error : 'the CSV thread answered out of turn'));
    };
    const onError = (error: Error) => {
      settle(true);
      reject(error);
    };
    const onExit = (code: number) => {
      settle(true);
      reject(new Error(`the lead import thread exited (${code})`));
    };
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage({ id: 0, leads: { bytes, options } } satisfies CsvRequest);
  });
}
