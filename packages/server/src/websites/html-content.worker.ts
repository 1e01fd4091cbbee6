/**
 * The HTML thread (html-thread.ts): decodes a fetched page and reads its title, main text and links
 * (html-content.ts) off the event loop, one page at a time, under the thread's memory limit. It
 * says when it is ready, so the page's time limit counts reading, not the thread's start.
 */
import { parentPort } from 'node:worker_threads';
import { decodeText } from './decode-text';
import { type PageContent, readHtml } from './html-content';

export interface HtmlRequest {
  id: number;
  bytes: Uint8Array;
  contentType: string;
  url: string;
}

export type HtmlAnswer =
  { ready: true } | { id: number; content: PageContent } | { id: number; error: string };

parentPort!.on('message', (request: HtmlRequest) => {
  let answer: HtmlAnswer;
  try {
    answer = {
      id: request.id,
      content: readHtml(decodeText(request.bytes, request.contentType), request.url),
    };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
parentPort!.postMessage({ ready: true } satisfies HtmlAnswer);
