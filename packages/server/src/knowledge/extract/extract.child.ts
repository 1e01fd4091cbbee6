/**
 * The extraction child process (forked by extract.ts, one per document, with its own heap limit):
 * waits for one ExtractRequest over IPC, extracts and normalises the text, sends one ExtractResult
 * and is then killed. Bundled on its own as dist/extract.child.js.
 */
import { loadParsers, readDocument, unreadable } from './read-document';
import type { ChildMessage, ExtractRequest, ExtractResult } from './types';

const send = (message: ChildMessage) => process.send?.(message);

let answered = false;
/** Sends the first outcome only: a library's stray rejection after the answer changes nothing. */
function answer(result: ExtractResult): void {
  if (answered) return;
  answered = true;
  send({ result });
}

// Errors a parser throws outside our awaits are still about this document: answer, do not crash.
process.on('uncaughtException', (error) => answer(unreadable(error)));
process.on('unhandledRejection', (error) => answer(unreadable(error)));
// The server went away (or gave up on this document): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));

process.once('message', (request: ExtractRequest) => {
  readDocument(request).then(answer, (error: unknown) => answer(unreadable(error)));
});
// A spare started ahead of its document loads the parsers while it waits.
if (process.argv.includes('--warm')) await loadParsers().catch(() => undefined);
send({ ready: true });
