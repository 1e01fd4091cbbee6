/**
 * The CSV thread: turns download chunks into CSV bytes off the event loop (csv-rows.ts), so a
 * large download neither stalls other requests nor waits for its own next chunk from the database;
 * and reads a lead import (lead-import.ts) in a thread of its own that is stopped past its budget.
 */
import type { ErrorCode } from '@conversa/contract/codes';
import type { Issue } from '@conversa/contract/common';
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../http/errors';
import { type CsvChunk, csvChunk } from './csv-rows';
import { checkLeadCsv, type ImportCheck, type LeadCsvOptions } from './lead-import';

export type CsvRequest =
  { id: number; chunk: CsvChunk } | { id: number; leads: { bytes: Uint8Array; options: LeadCsvOptions } };

/** A file refused whole, as its ApiError (rebuilt on the other side). */
export interface CsvRefusal {
  status: 400 | 415;
  code: ErrorCode;
  issues: Issue[];
}

export type CsvAnswer =
  | { id: number; bytes: Uint8Array }
  | { id: number; leads: ImportCheck }
  | { id: number; refusal: CsvRefusal }
  | { id: number; error: string };

function answerTo(request: CsvRequest): CsvAnswer {
  const { id } = request;
  try {
    if ('chunk' in request) return { id, bytes: csvChunk(request.chunk) };
    return { id, leads: checkLeadCsv(request.leads.bytes, request.leads.options) };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        id,
        refusal: {
          status: error.status as CsvRefusal['status'],
          code: error.code,
          issues: error.options.issues ?? [],
        },
      };
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.on('message', (request: CsvRequest) => {
  const answer = answerTo(request);
  parentPort!.postMessage(answer, 'bytes' in answer ? [answer.bytes.buffer as ArrayBuffer] : []);
});
