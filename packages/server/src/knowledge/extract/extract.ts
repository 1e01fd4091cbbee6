/**
 * Text extraction for uploaded knowledge files: each document is read in its own child process
 * (not a thread of the server) with a V8 heap limit, a watch on that process's resident memory and
 * a time limit. A hostile or pathological file (a decompression bomb, a runaway PDF) costs one
 * killed child, never the server's memory.
 */
import type { FileType } from '@conversa/contract/knowledge';
import { type ExtractProcess, residentMb, takeExtractProcess } from './extract-process';
import type { ChildMessage, ExtractLimits, ExtractRequest, ExtractResult } from './types';

export type { ExtractLimits, ExtractResult } from './types';

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 60_000,
  maxMemoryMb: 512,
  maxChars: 2_000_000,
  maxPages: 1000,
  maxInflatedBytes: 100 * 1024 * 1024,
};

/** How often the child's resident memory is sampled. */
const MEMORY_SAMPLE_MS = 50;
/** What the child costs beside its old-generation heap: Node itself, code, young generation. */
const CHILD_OVERHEAD_MB = 256;

/**
 * Extracts plain text (NFKC-normalised, paragraphs separated by blank lines) in a child process
 * with the time and memory limits; never throws for bad input. It rejects only when the child
 * cannot run or dies of something that is no limit of ours (a broken install, a crash), which the
 * job queue retries.
 */
export function extractText(
  bytes: Uint8Array,
  type: FileType,
  limits: Partial<ExtractLimits> = {},
): Promise<ExtractResult> {
  // An explicit `undefined` keeps the default (a plain spread would let it through).
  const given = Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
  const settings: ExtractLimits = { ...DEFAULT_EXTRACT_LIMITS, ...given };
  const request: ExtractRequest = { bytes, type, limits: settings };
  const tooComplex = (detail: string): ExtractResult => ({ ok: false, reason: 'too_complex', detail });
  const maxResidentMb = settings.maxMemoryMb + CHILD_OVERHEAD_MB;

  return new Promise((resolve, reject) => {
    let running: ExtractProcess;
    try {
      running = takeExtractProcess(settings.maxMemoryMb);
    } catch (error) {
      reject(error as Error);
      return;
    }
    const { child } = running;

    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryWatch);
      child.kill('SIGKILL');
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => resolve(tooComplex(`reading took longer than ${settings.timeoutMs} ms`))),
      settings.timeoutMs,
    );
    // The heap limit covers V8's heap only; ArrayBuffers (a PDF stream inflating to gigabytes) are
    // caught here, by the child's resident memory.
    const memoryWatch = setInterval(() => {
      if (child.pid === undefined) return;
      void residentMb(child.pid).then((mb) => {
        if (mb !== null && mb > maxResidentMb) {
          finish(() => resolve(tooComplex(`reading needed more than ${maxResidentMb} MB`)));
        }
      });
    }, MEMORY_SAMPLE_MS);

    child.on('message', (message: ChildMessage) => {
      if ('result' in message) finish(() => resolve(message.result));
    });
    child.on('error', (error) => finish(() => reject(error)));
    child.on('exit', (code, signal) =>
      finish(() => {
        if (/heap out of memory|Reached heap limit/i.test(running.stderr())) {
          resolve(tooComplex(`reading needed more than ${settings.maxMemoryMb} MB of heap`));
        } else if (signal === 'SIGKILL') {
          // Killed by someone else: the kernel's OOM killer is the likely one.
          resolve(tooComplex('the reader was killed (out of memory)'));
        } else {
          const how = signal ?? `code ${code}`;
          const stderr = running.stderr().trim();
          reject(new Error(`the extraction process exited (${how}) without an answer: ${stderr}`));
        }
      }),
    );
    running.ready.then(
      () => {
        if (!settled) child.send(request);
      },
      // Its exit is handled above; only a failure to start at all is left.
      (error: Error) => {
        if (child.pid === undefined) finish(() => reject(error));
      },
    );
  });
}
