/**
 * The `process_file` job: reads a stored file's text (in a child process with time and memory limits),
 * chunks it, indexes the chunks and records the outcome: `ready` with pages and characters, or
 * `failed` with a reason the user can act on. Each change is published to the console (SSE).
 *
 * Idempotent, as the queue requires: running it again replaces the file's chunks with the same
 * ones. A file deleted meanwhile ends the job quietly. Expected failures (a scanned PDF, an
 * encrypted one) are outcomes, not errors: they are recorded at once and not retried. Errors
 * (storage or database trouble) are retried by the queue; when retries run out, or the job kept
 * crashing its process, the file is `failed` with `too_complex` (it could not be read within the
 * limits).
 */
import type { FileFailureReason } from '@conversa/contract/knowledge';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { EmbeddingsConfig } from '../config';
import type { EventBus } from '../events/event-bus';
import type { JobHandler } from '../jobs/runner';
import { type ExtractLimits, extractText } from '../knowledge';
import { enqueueEmbedding } from '../knowledge';
import { replaceChunks } from '../knowledge';
import { chunkText } from '../knowledge';
import type { Storage } from '../storage/storage';
import { filesRepo, toAssistantFile } from './files.repo';
import { publishFile } from './files.service';

export interface ProcessFileDeps {
  db: Db;
  storage: Storage;
  events: EventBus;
  clock: Clock;
  logger: Logger;
  /** Limits of the extraction (the defaults where unset). */
  extractLimits?: Partial<ExtractLimits>;
  /** With a model, a ready file's passages are queued to be embedded (knowledge/embeddings/). */
  embeddings?: EmbeddingsConfig | null;
}

function target(payload: Record<string, unknown>): { institutionId: number; fileId: number } {
  const institutionId = Number(payload.institutionId);
  const fileId = Number(payload.fileId);
  if (!Number.isInteger(institutionId) || !Number.isInteger(fileId)) {
    throw new Error(`process_file: bad payload ${JSON.stringify(payload)}`);
  }
  return { institutionId, fileId };
}

/** The handler of `process_file` jobs. */
export function processFileJob(deps: ProcessFileDeps): JobHandler {
  const repo = filesRepo(deps.db);

  const fail = async (institutionId: number, fileId: number, reason: FileFailureReason) => {
    const row = await repo.finish(institutionId, fileId, { state: 'failed', reason }, deps.clock.now());
    if (row) publishFile(deps.events, row.assistantId, toAssistantFile(row));
  };

  return {
    async run(payload, { signal, logger }) {
      const { institutionId, fileId } = target(payload);
      const file = await repo.find(institutionId, fileId);
      if (!file) return; // deleted before its turn

      const bytes = await deps.storage.get(file.storageKey);
      if (!bytes) {
        logger.error({ fileId, key: file.storageKey }, 'process_file: stored bytes are missing');
        await fail(institutionId, fileId, 'corrupt');
        return;
      }
      const started = performance.now();
      const result = await extractText(
        bytes,
        file.type as Parameters<typeof extractText>[1],
        deps.extractLimits,
      );
      if (signal.aborted) return;
      if (!result.ok) {
        logger.info({ fileId, reason: result.reason, detail: result.detail }, 'process_file: not usable');
        await fail(institutionId, fileId, result.reason);
        return;
      }
      const chunks = chunkText(result.text);
      if (chunks.length === 0) {
        await fail(institutionId, fileId, 'empty');
        return;
      }
      try {
        await replaceChunks(deps.db, {
          institutionId,
          assistantId: file.assistantId,
          fileId,
          source: 'file',
          chunks,
        });
      } catch (error) {
        // Deleted while it was read: its chunks may no longer reference it; nothing left to do.
        if (!(await repo.find(institutionId, fileId))) return;
        throw error;
      }
      if (signal.aborted) return;
      const row = await repo.finish(
        institutionId,
        fileId,
        { state: 'ready', pages: result.pages, chars: result.text.length },
        deps.clock.now(),
      );
      if (!row) return;
      logger.info(
        { fileId, chunks: chunks.length, ms: Math.round(performance.now() - started) },
        'process_file: ready',
      );
      publishFile(deps.events, row.assistantId, toAssistantFile(row));
      // The file is ready whatever happens here: a failure to queue is caught up at the next start.
      await enqueueEmbedding(
        deps.db,
        deps.embeddings ?? null,
        { institutionId, assistantId: row.assistantId },
        deps.clock.now(),
      ).catch((error: unknown) => logger.warn({ err: error, fileId }, 'process_file: embedding not queued'));
    },

    async giveUp(payload) {
      const { institutionId, fileId } = target(payload);
      await fail(institutionId, fileId, 'too_complex');
    },
  };
}
