/**
 * The CSV thread: turns download chunks into CSV bytes off the event loop (csv-rows.ts), so a
 * large download neither stalls other requests nor waits for its own next chunk from the database.
 */
import { parentPort } from 'node:worker_threads';
import { type CsvChunk, csvChunk } from './csv-rows';

export interface CsvRequest {
  id: number;
  chunk: CsvChunk;
}

export type CsvAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

parentPort!.on('message', ({ id, chunk }: CsvRequest) => {
  let answer: CsvAnswer;
  try {
    answer = { id, bytes: csvChunk(chunk) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer, 'bytes' in answer ? [answer.bytes.buffer as ArrayBuffer] : []);
});
