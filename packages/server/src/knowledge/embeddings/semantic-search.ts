/**
 * Semantic ranking of an assistant's passages (docs/architecture.md#knowledge-and-answers,
 * "Semantic retrieval"): the question is embedded (one request) and scored against the assistant's
 * vectors, held in memory. A question therefore costs one embeddings call and a scan.
 *
 * The vectors of an assistant are kept in a cache bounded in bytes (least recently used go first)
 * and read again, in the background while questions use the copy held, when every process is told
 * they changed (`vectorsTopic`, published by the embedding job; a file's events, published when it
 * is ready or removed) or after CACHE_TTL_MS in case a relayed event was missed. A passage deleted
 * since its vector was read is left out when its text is read (`vectorsRepo.passages`).
 *
 * An embeddings endpoint that fails (down, slow, refusing) is not waited for: the question is
 * ranked lexically only. After BREAKER_FAILURES failures in a row it is not asked for a minute.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { EmbeddingsConfig } from '../../config';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import { MODEL_BREAKER_FAILURES, MODEL_BREAKER_SECONDS } from '../../rate-limit/limits';
import { embed, isEmbeddingsError, modelKey } from './embeddings-client';
import { vectorsTopic } from './embed-knowledge.job';
import { buildIndex, type SemanticHit, searchIndex, type VectorIndex } from './vector-index';
import { type AssistantScope, vectorsRepo } from './vectors.repo';

/** Bytes of vectors kept in memory at most, all assistants together (100k passages of 1,024 dimensions: ~110 MB). */
export const CACHE_BYTES = 256 * 1024 * 1024;
/** An assistant's vectors are read again after this long even when no event said so. */
const CACHE_TTL_MS = 10 * 60_000;
/** Questions whose embedding is kept (suggested questions are asked again and again). */
const QUESTIONS_KEPT = 1_000;

interface Entry {
  scope: AssistantScope;
  index: VectorIndex | null;
  loadedAt: number;
  stale: boolean;
  loading: Promise<VectorIndex> | null;
  unsubscribe: () => void;
}

export interface SemanticSearch {
  /**
   * The passages of an assistant nearest the question's meaning, best first; null when the
   * question could not be embedded (the caller ranks lexically only).
   */
  rank(scope: AssistantScope, question: string, limit: number): Promise<SemanticHit[] | null>;
  /** Bytes of vectors held now. */
  readonly cachedBytes: number;
}

export interface SemanticSearchDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  logger: Logger;
  embeddings: EmbeddingsConfig;
  /** The bus topic of an assistant's file events: `files/` feeds knowledge, so the root hands it in. */
  fileTopic: (assistantId: number) => string;
}

/** The semantic search of one process over one database. */
export function createSemanticSearch(deps: SemanticSearchDeps): SemanticSearch {
  const repo = vectorsRepo(deps.db);
  const model = modelKey(deps.embeddings);
  // Keyed by institution and assistant: an entry only ever holds the vectors read in its own scope.
  const entries = new Map<string, Entry>();
  const keyOf = (scope: AssistantScope) => `${scope.institutionId}:${scope.assistantId}`;
  const questions = new Map<string, Float32Array>();
  let bytes = 0;
  let failures = 0;
  let openUntil = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    entry.unsubscribe();
    bytes -= entry.index?.size ?? 0;
  };

  const load = (entry: Entry): Promise<VectorIndex> => {
    entry.loading ??= (async () => {
      entry.stale = false;
      const started = deps.clock.now().getTime();
      try {
        const index = buildIndex(await repo.load(entry.scope, model));
        const key = keyOf(entry.scope);
        if (entries.get(key) === entry) {
          bytes += index.size - (entry.index?.size ?? 0);
          entry.index = index;
          entry.loadedAt = started;
          // Least recently used first out, never the one just read.
          for (const [other] of entries) {
            if (bytes <= CACHE_BYTES || other === key) break;
            drop(other);
          }
        }
        return index;
      } finally {
        entry.loading = null;
      }
    })();
    return entry.loading;
  };

  const indexOf = async (scope: AssistantScope): Promise<VectorIndex> => {
    const key = keyOf(scope);
    let entry = entries.get(key);
    if (!entry) {
      const created: Entry = {
        scope,
        index: null,
        loadedAt: 0,
        stale: true,
        loading: null,
        unsubscribe: () => {},
      };
      const stale = () => (created.stale = true);
      const off = [
        deps.events.subscribe(vectorsTopic(scope.assistantId), stale),
        deps.events.subscribe(deps.fileTopic(scope.assistantId), stale),
      ];
      created.unsubscribe = () => off.forEach((stop) => stop());
      entries.set(key, created);
      entry = created;
    } else {
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
    }
    if (deps.clock.now().getTime() - entry.loadedAt > CACHE_TTL_MS) entry.stale = true;
    if (!entry.index) return load(entry);
    if (entry.stale && !entry.loading) {
      // The copy held answers meanwhile: a question never waits for a reload.
      load(entry).catch((error: unknown) =>
        deps.logger.warn({ err: error, ...scope }, 'semantic: vectors not read again'),
      );
    }
    return entry.index;
  };

  const questionVector = async (question: string): Promise<Float32Array | null> => {
    const kept = questions.get(question);
    if (kept) return kept;
    const now = deps.clock.now().getTime();
    if (now < openUntil) return null;
    try {
      const [vector] = await embed(deps.embeddings, [question], {
        kind: 'query',
        timeoutMs: deps.embeddings.timeoutMs,
      });
      failures = 0;
      questions.set(question, vector!);
      if (questions.size > QUESTIONS_KEPT) questions.delete(questions.keys().next().value!);
      return vector!;
    } catch (error) {
      if (!isEmbeddingsError(error)) throw error;
      failures += 1;
      if (failures >= MODEL_BREAKER_FAILURES) {
        openUntil = now + MODEL_BREAKER_SECONDS * 1000;
        failures = 0;
      }
      deps.logger.warn(
        { reason: error.reason, err: error.message },
        'semantic: question not embedded; lexical only',
      );
      return null;
    }
  };

  return {
    async rank(scope, question, limit) {
      const [vector, index] = await Promise.all([
        questionVector(question),
        indexOf(scope).catch((error: unknown) => {
          // Semantic ranking adds to the lexical one; its trouble never fails an answer.
          deps.logger.warn({ err: error, ...scope }, 'semantic: vectors not read; lexical only');
          return null;
        }),
      ]);
      if (!vector || !index) return null;
      return searchIndex(index, vector, limit);
    },
    get cachedBytes() {
      return bytes;
    },
  };
}

const searches = new WeakMap<object, SemanticSearch>();

/** Makes `search` the semantic search of the database `db` (the app does, when EMBEDDINGS_MODEL is set). */
export function attachSemanticSearch(db: Db, search: SemanticSearch): void {
  searches.set(db, search);
}

/** The semantic search of the database `db`; null when embeddings are off. */
export function semanticSearchOf(db: Db): SemanticSearch | null {
  return searches.get(db) ?? null;
}

/**
 * The passages of an assistant nearest the question's meaning, ranked by cosine; null when
 * embeddings are off or the question could not be embedded (then rank lexically only).
 */
export async function semanticRanking(
  db: Db,
  scope: AssistantScope,
  question: string,
  limit: number,
): Promise<SemanticHit[] | null> {
  const search = semanticSearchOf(db);
  return search ? search.rank(scope, question, limit) : null;
}
