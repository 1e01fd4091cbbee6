// What the fold study (answer-folds.ts) asks: per language, the dev set's six TXT files indexed with
// the server's own chunker and `replaceChunks` on PGlite, in-process, and every question's candidate
// sentences and features taken from it, words only and with the local embeddings peer; also each
// uploaded article's questions asked again without it (unanswerable then, for the gate).
// PREPARED=<file> keeps all that in the file, and a later run given the same file reads it instead
// of indexing and asking again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import type { EmbeddingsConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/db/database';
import { knowledgeChunks } from '../../packages/server/src/db/knowledge-schema';
import { embed, EmbeddingsError } from '../../packages/server/src/knowledge/embeddings/embeddings-client';
import { replaceChunks } from '../../packages/server/src/knowledge/index.repo';
import {
  candidates,
  type Candidate,
  questionFeatures,
  questionTerms,
} from '../../packages/server/src/knowledge/rank/features';
import {
  buildSentenceIndex,
  type SentenceIndex,
} from '../../packages/server/src/knowledge/rank/sentence-index';
import { retrieve } from '../../packages/server/src/knowledge/retrieval';
import { chunkText } from '../../packages/server/src/knowledge/text/chunk';
import { detectLanguage, languageOfConfig } from '../../packages/server/src/knowledge/text/language';
import { startEmbeddingsPeer } from '../../packages/server/src/testing/embeddings-peer';
import {
  loadQaSet,
  type QaLanguage,
  type QaQuestion,
  type QaSet,
} from '../../packages/server/src/testing/qa-protocol';
import { containsGold } from '../../packages/server/src/testing/qa-scoring';
import { benchAssistant, benchFile } from './seed';

export interface Asked {
  question: QaQuestion;
  fold: number;
  candidates: Candidate[];
  /** Per candidate: it holds a gold answer. */
  labels: boolean[];
  unknown: number[];
}

/** An uploaded article's question asked of the knowledge without that article: an unanswerable one more, for the gate. */
export interface HeldOut {
  fold: number;
  candidates: Candidate[];
  unknown: number[];
}

export interface Language {
  language: QaLanguage;
  /** What the answers read of the index (all a PREPARED file keeps of it). */
  index: Pick<SentenceIndex, 'sentences' | 'paragraphs'>;
  asked: Asked[];
  heldOut: HeldOut[];
  set: QaSet;
}

/** Cosines of unit-length-or-not vectors. */
function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** With an embeddings model: every text's vector, each embedded once. */
function embedder(config: EmbeddingsConfig) {
  const known = new Map<string, Float32Array>();
  return async (texts: string[], kind: 'query' | 'passage') => {
    const missing = [...new Set(texts.filter((text) => !known.has(`${kind}:${text}`)))];
    // A reused keep-alive connection the peer has just closed fails a request now and then on a
    // loaded machine ("fetch failed"): asked again, it is answered.
    let vectors: Float32Array[] = [];
    for (let attempt = 1; ; attempt += 1) {
      try {
        vectors = await embed(config, missing, { kind, timeoutMs: 60_000 });
        break;
      } catch (error) {
        if (attempt === 3 || !(error instanceof EmbeddingsError) || error.reason !== 'network') throw error;
      }
    }
    missing.forEach((text, at) => known.set(`${kind}:${text}`, vectors[at]!));
    return texts.map((text) => known.get(`${kind}:${text}`)!);
  };
}

async function prepare(language: QaLanguage, embeddings: EmbeddingsConfig | null): Promise<Language> {
  const vectorsOf = embeddings ? embedder(embeddings) : null;
  const set = loadQaSet(language);
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const { db } = database;
    const scope = await benchAssistant(db);
    const fileIds: number[] = [];
    for (const file of set.files) {
      fileIds.push(
        await benchFile(db, scope, { name: file.name, type: 'txt', chunks: chunkText(file.text) }),
      );
    }
    const indexed = async () => {
      const chunks = await db
        .select({
          text: knowledgeChunks.content,
          language: knowledgeChunks.language,
          file: knowledgeChunks.fileId,
        })
        .from(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.institutionId, scope.institutionId),
            eq(knowledgeChunks.assistantId, scope.assistantId),
          ),
        )
        .orderBy(asc(knowledgeChunks.fileId), asc(knowledgeChunks.position));
      const sentenceIndex = buildSentenceIndex(
        chunks.map((chunk) => ({
          text: chunk.text,
          language: languageOfConfig(chunk.language),
          document: String(chunk.file),
        })),
      );
      const vectors = vectorsOf
        ? await vectorsOf(
            chunks.map((chunk) => chunk.text),
            'passage',
          )
        : null;
      return Object.assign(sentenceIndex, { vectors });
    };
    const index = await indexed();
    const features = async (within: Awaited<ReturnType<typeof indexed>>, question: QaQuestion) => {
      const found = await retrieve(db, { ...scope, question: question.question, limit: 20 });
      const rankQuestion = { text: question.question, language: detectLanguage(question.question) };
      const [asked] = vectorsOf ? await vectorsOf([question.question], 'query') : [null];
      const semantic = asked && within.vectors ? within.vectors.map((vector) => cosine(asked, vector)) : null;
      return {
        candidates: candidates(within, rankQuestion, found.passages, semantic),
        unknown: questionFeatures(within, questionTerms(rankQuestion)),
      };
    };
    const asked: Asked[] = [];
    for (const question of set.questions) {
      const found = await features(index, question);
      asked.push({
        question,
        fold: question.fold,
        ...found,
        labels: found.candidates.map(
          (candidate) =>
            question.answerable && containsGold(index.sentences[candidate.sentence]!.text, question.golds),
        ),
      });
    }
    // Each uploaded article left out in turn, its questions asked again: unanswerable questions
    // near the knowledge (the same kinds of documents), so the gate learns from 18 articles'
    // worth of them rather than the 6 never uploaded.
    const heldOut: HeldOut[] = [];
    for (const [at, file] of set.files.entries()) {
      for (const article of file.articles) {
        const rest = file.articles.filter((other) => other !== article).map((other) => other.text);
        await replaceChunks(db, {
          ...scope,
          fileId: fileIds[at]!,
          source: 'file',
          chunks: chunkText(rest.join('\n\n')),
        });
        const without = await indexed();
        for (const question of set.questions.filter((asked) => asked.article === article.title)) {
          heldOut.push({ fold: question.fold, ...(await features(without, question)) });
        }
      }
      await replaceChunks(db, {
        ...scope,
        fileId: fileIds[at]!,
        source: 'file',
        chunks: chunkText(file.text),
      });
    }
    return { language, index, asked, heldOut, set };
  } finally {
    await database.close();
  }
}

/** What a PREPARED file holds: the studies without their sets (read again) and with each question by its id. */
type Prepared = {
  name: string;
  languages: (Omit<Language, 'set' | 'asked'> & { asked: (Omit<Asked, 'question'> & { id: string })[] })[];
}[];
/** A study: its name ('words', 'embeddings') and what each language's questions were asked. */
export interface Study {
  name: string;
  languages: Language[];
}

/**
 * The same study twice: words only, and with the local embeddings peer (testing/embeddings-peer.ts:
 * hashed character n-grams, no model weights here) giving each chunk's cosine with the question.
 * Read from the PREPARED file when it exists, else asked (and kept there).
 */
export async function askStudies(languages: readonly QaLanguage[]): Promise<Study[]> {
  const file = process.env.PREPARED;
  const studies: Study[] =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Prepared).map((study) => ({
          name: study.name,
          languages: study.languages.map((lang) => {
            const set = loadQaSet(lang.language);
            const byId = new Map(set.questions.map((question) => [question.id, question]));
            return {
              ...lang,
              set,
              asked: lang.asked.map(({ id, ...entry }) => ({ ...entry, question: byId.get(id)! })),
            };
          }),
        }))
      : [];
  const peer = await startEmbeddingsPeer();
  try {
    const embeddings: EmbeddingsConfig = {
      baseUrl: peer.url,
      apiKey: null,
      model: 'qa-embeddings-peer',
      dimensions: null,
      queryPrefix: '',
      passagePrefix: '',
      timeoutMs: 60_000,
    };
    for (const [name, config] of studies.length > 0
      ? []
      : ([
          ['words', null],
          ...(process.env.WORDS_ONLY ? [] : ([['embeddings', embeddings]] as const)),
        ] as const)) {
      const asked: Language[] = [];
      for (const language of languages) {
        const started = performance.now();
        asked.push(await prepare(language, config));
        console.log(
          `${language} (${name}): indexed and asked in ${Math.round(performance.now() - started)} ms`,
        );
      }
      studies.push({ name, languages: asked });
    }
    if (file && !existsSync(file)) {
      const prepared: Prepared = studies.map((study) => ({
        name: study.name,
        languages: study.languages.map(({ set: _set, index, asked, ...lang }) => ({
          ...lang,
          index: { sentences: index.sentences, paragraphs: index.paragraphs },
          asked: asked.map(({ question, ...entry }) => ({ ...entry, id: question.id })),
        })),
      }));
      writeFileSync(file, JSON.stringify(prepared));
    }
  } finally {
    await peer.close();
  }
  return studies;
}
