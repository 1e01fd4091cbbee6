/**
 * The `embed_knowledge` job (docs/architecture.md#knowledge-and-answers, "Semantic retrieval"):
 * embeds the passages of one assistant that lack a vector of the configured model, EMBED_BATCH a
 * request, and stores each batch as it comes. Queued when a file is ready and when the
 * knowledge-base text or the FAQs are saved, and at start for every assistant with passages
 * lacking one (new knowledge while the model was unreachable, or another model before).
 *
 * Resumable, as the queue requires: each batch is written on its own, and a run only embeds what
 * has no vector of the model yet, so a crash or a failed request leaves the rest to the retry. When
 * done it tells every process (the event bus) to read the assistant's vectors again.
 */
import type { Logger } from 'pino';
import type { EmbeddingsConfig } from '../../config';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/runner';
import { BATCH_TIMEOUT_MS, EMBED_BATCH, embed, modelKey } from './embeddings-client';
import { quantize } from './vector-index';
import { type AssistantScope, vectorsRepo } from './vectors.repo';

export const EMBED_KNOWLEDGE = 'embed_knowledge';
/** Attempts of a job (backoff 5 s, 20 s, 80 s, 320 s); past them the next change or start retries. */
const ATTEMPTS = 5;
/** Passes over what is missing: passages added while a run embeds are taken by the next pass. */
const PASSES = 3;

/** The bus topic that tells every process an assistant's vectors changed. */
export const vectorsTopic = (assistantId: number) => `vectors:${assistantId}`;

function scopeOf(payload: Record<string, unknown>): AssistantScope {
  const institutionId = Number(payload.institutionId);
  const assistantId = Number(payload.assistantId);
  if (!Number.isInteger(institutionId) || !Number.isInteger(assistantId)) {
    throw new Error(`${EMBED_KNOWLEDGE}: bad payload ${JSON.stringify(payload)}`);
  }
  return { institutionId, assistantId };
}

/**
 * Queues the embedding of an assistant's knowledge, unless a run is already queued (it will see
 * this change too). Nothing without a model configured.
 */
export async function enqueueEmbedding(
  db: Db,
  embeddings: EmbeddingsConfig | null,
  scope: AssistantScope,
  now: Date,
): Promise<boolean> {
  if (!embeddings) return false;
  if (await vectorsRepo(db).queued(EMBED_KNOWLEDGE, scope)) return false;
  await enqueue(db, EMBED_KNOWLEDGE, { ...scope }, now, {
    institutionId: scope.institutionId,
    maxAttempts: ATTEMPTS,
  });
  return true;
}

/**
 * At start: queues every assistant whose passages lack a vector of the configured model (a model
 * changed since, or knowledge indexed while the feature was off). Resolves to how many.
 */
export async function enqueueStaleEmbeddings(
  db: Db,
  embeddings: EmbeddingsConfig | null,
  now: Date,
  logger?: Logger,
): Promise<number> {
  if (!embeddings) return 0;
  const repo = vectorsRepo(db);
  const model = modelKey(embeddings);
  const stale = await repo.stale(model);
  let queued = 0;
  for (const scope of stale) if (await enqueueEmbedding(db, embeddings, scope, now)) queued += 1;
  if (stale.length > 0) {
    // Another model's vectors are kept until replaced: the ranking never reads them (another
    // space), and a passage keeps one row whichever model made it.
    const others = await repo.otherModels(model);
    logger?.info(
      { assistants: stale.length, queued, otherModelVectors: others, model },
      'embeddings: queued',
    );
  }
  return queued;
}

export interface EmbedKnowledgeDeps {
  db: Db;
  /** Null: the feature is off; a job queued before it was turned off does nothing. */
  embeddings: EmbeddingsConfig | null;
  events: EventBus;
}

/** The handler of `embed_knowledge` jobs. */
export function embedKnowledgeJob(deps: EmbedKnowledgeDeps): JobHandler {
  const repo = vectorsRepo(deps.db);
  return {
    async run(payload, { signal, logger }) {
      const config = deps.embeddings;
      if (!config) return;
      const scope = scopeOf(payload);
      const model = modelKey(config);
      const started = performance.now();
      let embedded = 0;
      try {
        for (let pass = 0; pass < PASSES; pass += 1) {
          const missing = await repo.missing(scope, model);
          if (missing.length === 0) break;
          for (let start = 0; start < missing.length; start += EMBED_BATCH) {
            if (signal.aborted) return;
            const passages = await repo.texts(scope, missing.slice(start, start + EMBED_BATCH));
            if (passages.length === 0) continue;
            const vectors = await embed(
              config,
              passages.map((passage) => passage.text),
              { kind: 'passage', timeoutMs: BATCH_TIMEOUT_MS, signal },
            );
            await repo.save(
              scope,
              model,
              passages.map(({ kind, id }, index) => ({
                kind,
                id,
                vector: new Uint8Array(quantize(vectors[index]!).buffer),
              })),
            );
            embedded += passages.length;
          }
        }
      } finally {
        // What was written counts even when a batch failed; and passages deleted since (a save
        // replaces them) leave the index too: every process reads the assistant's vectors again.
        deps.events.publish(vectorsTopic(scope.assistantId), null);
      }
      logger.info(
        { ...scope, embedded, ms: Math.round(performance.now() - started) },
        `${EMBED_KNOWLEDGE}: done`,
      );
    },
  };
}
