/**
 * The extraction child process (forked by extract.ts, one per document, with its own heap limit):
 * waits for one ExtractRequest over IPC, extracts and normalises the text, sends one ExtractResult
 * and is then killed. Bundled on its own as dist/extract.child.js.
 */
import { normalizeText } from '../text/chunk';
import { extractDocx, loadMammoth } from './docx';
import type { ChildMessage, ExtractRequest, ExtractResult } from './types';
import { extractPdf, loadPdfJs } from './pdf';
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

/** Loads both parsers (a spare does this before its document arrives). */
async function warmUp(): Promise<void> {
  await Promise.all([loadPdfJs(), loadMammoth()]);
}

const send = (message: ChildMessage) => process.send?.(message);

let answered = false;
/** Sends the first outcome only: a library's stray rejection after the answer changes nothing. */
function answer(result: ExtractResult): void {
  if (answered) return;
  answered = true;
  send({ result });
}

const failed = (error: unknown): ExtractResult => ({
  ok: false,
  reason: 'corrupt',
  detail: `unreadable: ${error instanceof Error ? error.message : String(error)}`,
});
// Errors a parser throws outside our awaits are still about this document: answer, do not crash.
process.on('uncaughtException', (error) => answer(failed(error)));
process.on('unhandledRejection', (error) => answer(failed(error)));
// The server went away (or gave up on this document): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));

process.once('message', (request: ExtractRequest) => {
  extract(request).then(answer, (error: unknown) => answer(failed(error)));
});
// A spare started ahead of its document loads the parsers while it waits.
if (process.argv.includes('--warm')) await warmUp().catch(() => undefined);
send({ ready: true });
