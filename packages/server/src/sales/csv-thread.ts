/**
 * The process's CSV thread (records-csv.worker.ts), started on the first download and shared by
 * all: chunks queue and come back in order. It holds the process open only while it owes chunks;
 * one that dies fails the chunks it held, and the next chunk starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { bundledScript } from '../bundled-script';
import type { CsvChunk } from './csv-rows';
import type { CsvAnswer, CsvRequest } from './records-csv.worker';

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
  const thread = new Worker(
    bundledScript('records-csv.worker', new URL('./records-csv.worker.ts', import.meta.url)),
    // Not the parent's flags (a test runner's loaders, a debugger's).
    { execArgv: [] },
  );
  thread.unref();
  thread.on('message', (answer: CsvAnswer) => {
    const entry = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) thread.unref();
    if ('error' in answer) entry?.reject(new Error(answer.error));
    else entry?.resolve(answer.bytes);
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
