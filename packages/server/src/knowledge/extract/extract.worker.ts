/**
 * The extraction worker thread (started by extract.ts, one per document): reads the bytes handed
 * over in `workerData`, extracts and normalises the text, posts one ExtractResult and is terminated.
 * Bundled on its own as dist/extract.worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { normalizeText } from '../text/chunk';
import { extractDocx } from './docx';
import type { ExtractRequest, ExtractResult } from './types';
import { extractPdf } from './pdf';
import { extractTxt } from './txt';

async function extract({ bytes, type, limits }: ExtractRequest): Promise<ExtractResult> {
  const raw =
    type === 'pdf'
      ? await extractPdf(bytes, limits)
      : type === 'docx'
        ? await extractDocx(bytes, limits)
        : extractTxt(bytes);
  if (!raw.ok) return raw;
  const text = normalizeText(raw.text);
  if (!text) return { ok: false, reason: 'empty', detail: 'the document has no text' };
  if (text.length > limits.maxChars) {
    return { ok: false, reason: 'too_large', detail: `${text.length} characters (limit ${limits.maxChars})` };
  }
  return { ok: true, text, pages: raw.pages };
}

let posted = false;
/** Posts the first outcome only: a library's stray rejection after the answer changes nothing. */
function answer(result: ExtractResult): void {
  if (posted) return;
  posted = true;
  parentPort?.postMessage(result);
}

const failed = (error: unknown): ExtractResult => ({
  ok: false,
  reason: 'corrupt',
  detail: `unreadable: ${error instanceof Error ? error.message : String(error)}`,
});
// Errors a parser throws outside our awaits are still about this document: answer, do not crash.
process.on('uncaughtException', (error) => answer(failed(error)));
process.on('unhandledRejection', (error) => answer(failed(error)));

extract(workerData as ExtractRequest).then(answer, (error: unknown) => answer(failed(error)));
