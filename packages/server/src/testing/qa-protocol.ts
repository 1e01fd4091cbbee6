/**
 * The answer-quality protocol of `shared/fixtures/qa` (its README; docs/architecture.md#knowledge-and-answers):
 * an assistant trained on 18 of the 24 articles as six TXT files, every question asked by a new
 * visitor through the public chat API, and a BM25 peer over the same sentences given the same answer
 * length. Used by `bench/answer-quality.ts` (every question, on the built server) and by the
 * regression guard in `npm test` (a fixed subset, in-process).
 */
import { readFileSync } from 'node:fs';
import { fixturePath } from './fixtures-dir';
import type { EmbeddingsPeer } from './embeddings-peer';
import type { LlmPeer } from './llm-peer';
import { Bm25, containsGold } from './qa-scoring';

export type QaLanguage = 'es' | 'en';

/** One question of the set. */
export interface QaQuestion {
  id: string;
  question: string;
  /** The gold answers (any one, appearing in the answer, makes it right). */
  golds: string[];
  article: string;
  /** The paragraph that answers it. */
  context: string;
  /** False for a question about an article that was not uploaded. */
  answerable: boolean;
  /** Its article's fold (QA_FOLDS): the set is split by article, parameters chosen on three folds. */
  fold: number;
}

/** The set of one language, ready to upload and ask. */
export interface QaSet {
  language: QaLanguage;
  /** Six TXT files of three articles each: title, blank line, paragraphs separated by blank lines. */
  files: { name: string; text: string; articles: { title: string; text: string }[] }[];
  questions: QaQuestion[];
  /** The sentences of the uploaded articles, for the BM25 peer. */
  sentences: string[];
}

interface Squad {
  data: {
    title: string;
    paragraphs: { context: string; qas: { id: string; question: string; answers: { text: string }[] }[] }[];
  }[];
}

/**
 * Folds of the set, by article (article i in fold i mod 4: each holds four or five uploaded
 * articles and one or two never uploaded). A parameter is chosen on three folds and reported on
 * the fourth; QA_GUARD_FOLD is the one the regression guard asks, never chosen on.
 */
export const QA_FOLDS = 4;
export const QA_GUARD_FOLD = 3;

/** Articles uploaded (the first 18, in the file's order); the last 6 are never uploaded. */
export const UPLOADED_ARTICLES = 18;
const ARTICLES_PER_FILE = 3;

/** Reads the dev set of a language (`xquad-dev.{language}.json`). */
export function loadQaSet(language: QaLanguage): QaSet {
  const squad = JSON.parse(readFileSync(fixturePath('qa', `xquad-dev.${language}.json`), 'utf8')) as Squad;
  const articles = squad.data.map((article, index) => ({
    fold: index % QA_FOLDS,
    title: article.title.replace(/_/g, ' '),
    paragraphs: article.paragraphs.map((paragraph) => paragraph.context.trim()),
    qas: article.paragraphs.flatMap((paragraph) =>
      paragraph.qas.map((qa) => ({ ...qa, context: paragraph.context.trim() })),
    ),
    uploaded: index < UPLOADED_ARTICLES,
  }));
  const uploaded = articles.filter((article) => article.uploaded);
  const files: QaSet['files'] = [];
  for (let i = 0; i < uploaded.length; i += ARTICLES_PER_FILE) {
    const group = uploaded.slice(i, i + ARTICLES_PER_FILE);
    const parts = group.map((article) => ({
      title: article.title,
      text: `${article.title}\n\n${article.paragraphs.join('\n\n')}`,
    }));
    files.push({
      name: `articles-${i / ARTICLES_PER_FILE + 1}.txt`,
      text: parts.map((part) => part.text).join('\n\n'),
      articles: parts,
    });
  }
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  const sentences = uploaded.flatMap((article) =>
    article.paragraphs.flatMap((paragraph) =>
      [...segmenter.segment(paragraph)].map((part) => part.segment.trim()).filter(Boolean),
    ),
  );
  const questions = articles.flatMap((article) =>
    article.qas.map((qa) => ({
      id: qa.id,
      question: qa.question,
      golds: qa.answers.map((answer) => answer.text),
      article: article.title,
      context: qa.context,
      answerable: article.uploaded,
      fold: article.fold,
    })),
  );
  return { language, files, questions, sentences };
}

/** What the chat answered one question. */
export interface QaAnswer {
  text: string;
  sources: number;
  handoff: boolean;
  /** From sending the question to the end of the stream. */
  ms: number;
  /** When the question was sent (`performance.now()`). */
  sentAt: number;
}

/** The staff side the protocol needs: the server, an owner's token, the institution and its admissions assistant. */
export interface QaTarget {
  base: string;
  token: string;
  institutionId: number;
  assistantId: number;
}

const staffHeaders = (target: QaTarget) => ({
  authorization: `Bearer ${target.token}`,
  'x-institution-id': String(target.institutionId),
});

/** Gives the assistant a handoff contact (abstaining offers it) and uploads the set's files; waits until all are ready. */
export async function trainAssistant(target: QaTarget, set: QaSet, timeoutMs = 300_000): Promise<void> {
  const put = await fetch(`${target.base}/api/institution-product/${target.assistantId}`, {
    method: 'PUT',
    headers: { ...staffHeaders(target), 'content-type': 'application/json' },
    body: JSON.stringify({ handoff: { name: 'Admissions office', email: 'admissions@school.example' } }),
  });
  if (!put.ok) throw new Error(`handoff not set: ${put.status} ${await put.text()}`);
  const form = new FormData();
  for (const file of set.files)
    form.append('files', new File([file.text], file.name, { type: 'text/plain' }));
  const upload = await fetch(`${target.base}/api/institution-product/${target.assistantId}/file`, {
    method: 'POST',
    headers: staffHeaders(target),
    body: form,
  });
  if (!upload.ok) throw new Error(`upload refused: ${upload.status} ${await upload.text()}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await fetch(`${target.base}/api/institution-product/${target.assistantId}/file`, {
      headers: staffHeaders(target),
    });
    const files = ((await list.json()) as { data: { name: string; state: string; reason: string | null }[] })
      .data;
    const failed = files.find((file) => file.state === 'failed');
    if (failed) throw new Error(`${failed.name} failed: ${failed.reason}`);
    if (files.length === set.files.length && files.every((file) => file.state === 'ready')) return;
    if (Date.now() > deadline) throw new Error(`files not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Asks one question as a new visitor (a new session; `ip` as the visitor's address, read by a
 * server that trusts one proxy hop, so the per-IP limits see distinct visitors).
 */
export async function askAsVisitor(
  base: string,
  institutionId: number,
  question: string,
  ip: string,
  language: QaLanguage,
): Promise<QaAnswer> {
  const headers = { 'x-forwarded-for': ip, 'accept-language': language };
  const session = await fetch(`${base}/api/public/admissions/${institutionId}/session`, {
    method: 'POST',
    headers,
  });
  if (!session.ok) throw new Error(`session refused: ${session.status} ${await session.text()}`);
  const { token, conversation_id: id } = (
    (await session.json()) as { data: { token: string; conversation_id: string } }
  ).data;
  const sentAt = performance.now();
  const response = await fetch(`${base}/api/public/conversation/${id}/message`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: question }),
  });
  if (!response.ok) throw new Error(`question refused: ${response.status} ${await response.text()}`);
  const body = await response.text();
  const ms = performance.now() - sentAt;
  let text = '';
  let sources = 0;
  let handoff = false;
  for (const block of body.split('\n\n')) {
    const event = /^event: ?(.*)$/m.exec(block)?.[1];
    const data = /^data: ?(.*)$/m.exec(block)?.[1];
    if (!event || !data) continue;
    const parsed = JSON.parse(data) as { text?: string; sources?: unknown[] };
    if (event === 'token') text += parsed.text ?? '';
    else if (event === 'sources') sources = parsed.sources?.length ?? 0;
    else if (event === 'handoff') handoff = true;
    else if (event === 'error') throw new Error(`the answer failed: ${data}`);
  }
  return { text, sources, handoff, ms, sentAt };
}

/** One question's outcome, the peer's beside it. */
export interface QaOutcome {
  question: QaQuestion;
  answer: QaAnswer;
  /** Answerable: a gold answer appears and no handoff; unanswerable: abstained (handoff, no sources). */
  correct: boolean;
  peer: string;
  peerCorrect: boolean;
  /** With a model (an LlmPeer): the passages it was given for this question, null when it was not called. */
  model?: string[] | null;
  /** With a model: the peer, given as many characters as the passages sent, holds a gold answer. */
  modelPeerCorrect?: boolean;
  /**
   * With an embeddings peer: its own time on the question while it was answered (with a model,
   * before the model's request), which the latencies leave out.
   */
  peerMs?: number;
  /**
   * With a model, when it was asked: the retrieval part of the answer, from sending the question to
   * the model's request, less the embeddings peer's own time on the question meanwhile.
   */
  retrievalMs?: number;
}

/** The test peers the server under test points to. */
export interface QaPeers {
  /** Its LLM_BASE_URL: what the model was given per question. */
  model?: LlmPeer;
  /** Its EMBEDDINGS_BASE_URL: its own time is taken out of the retrieval's. */
  embeddings?: EmbeddingsPeer;
}

/** How a run asks: the peers, and the first visitor's number. */
export interface QaRunOptions extends QaPeers {
  /**
   * The first visitor's number (default 0): visitor n asks from 10.x.y.z made of n, so two runs on
   * one server (a warm-up, then the measured one) can ask from addresses of their own.
   */
  firstVisitor?: number;
}

/**
 * Asks every question of `questions` (default: all), a new visitor each, and scores them and the
 * peer, with what the model peer was given per question and when.
 */
export async function runQa(
  target: QaTarget,
  set: QaSet,
  questions: readonly QaQuestion[] = set.questions,
  { model, embeddings, firstVisitor = 0 }: QaRunOptions = {},
): Promise<QaOutcome[]> {
  const answers: QaAnswer[] = [];
  const given: (string[] | null)[] = [];
  const timed: { peerMs?: number; retrievalMs?: number }[] = [];
  for (const [index, question] of questions.entries()) {
    // A visitor address of its own per question: 10.x.y.z.
    const visitor = firstVisitor + index;
    const ip = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    const calls = model?.calls.length ?? 0;
    const embedded = embeddings?.requests.length ?? 0;
    const answer = await askAsVisitor(target.base, target.institutionId, question.question, ip, set.language);
    answers.push(answer);
    const call = model?.calls.slice(calls).find((made) => made.question.trim() === question.question.trim());
    given.push(call?.passages ?? null);
    const peerMs = (embeddings?.requests.slice(embedded) ?? [])
      .filter((request) => !call || request.at < call.at)
      .reduce((sum, request) => sum + request.ms, 0);
    timed.push({
      ...(embeddings ? { peerMs } : {}),
      ...(call ? { retrievalMs: call.at - answer.sentAt - peerMs } : {}),
    });
  }
  return scoreQa(set, questions, answers, model ? given : undefined).map((outcome, index) => ({
    ...outcome,
    ...timed[index],
  }));
}

/**
 * Scores answers to `questions` (in order) and the peer beside each. `given`, with a model: the
 * passages each question sent it (null when it was not asked).
 */
export function scoreQa(
  set: QaSet,
  questions: readonly QaQuestion[],
  answers: readonly QaAnswer[],
  given?: readonly (string[] | null)[],
): QaOutcome[] {
  // The peer gets the product's answer length: its own answer's, or when it abstained the median of its answers.
  const lengths = answers
    .filter((answer) => !answer.handoff)
    .map((answer) => answer.text.length)
    .sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 300;
  const peer = new Bm25(set.sentences);
  // With a model, the peer gets as many characters as the passages sent (their median when none were).
  const sentChars = (passages: string[] | null) =>
    passages?.reduce((sum, passage) => sum + passage.length, 0) ?? 0;
  const sentLengths = (given ?? [])
    .map(sentChars)
    .filter((chars) => chars > 0)
    .sort((a, b) => a - b);
  const medianSent = sentLengths[Math.floor(sentLengths.length / 2)] ?? 2000;
  return questions.map((question, index) => {
    const answer = answers[index]!;
    const peerText = peer.answer(question.question, answer.handoff ? median : answer.text.length);
    return {
      question,
      answer,
      correct: question.answerable
        ? !answer.handoff && containsGold(answer.text, question.golds)
        : answer.handoff && answer.sources === 0,
      peer: peerText,
      peerCorrect: question.answerable && containsGold(peerText, question.golds),
      ...(given
        ? {
            model: given[index]!,
            modelPeerCorrect:
              question.answerable &&
              containsGold(
                peer.answer(question.question, sentChars(given[index]!) || medianSent),
                question.golds,
              ),
          }
        : {}),
    };
  });
}

/** The regression guard asks every this-many-th question of its fold. */
export const QA_GUARD_STEP = 1;
/** … and with a model, every this-many-th. */
export const QA_MODEL_GUARD_STEP = 2;

/** Every `step`-th question of the guard's fold (QA_GUARD_FOLD): both kinds in proportion. */
export const qaGuardQuestions = (set: QaSet, step: number): QaQuestion[] =>
  set.questions
    .filter((question) => question.fold === QA_GUARD_FOLD)
    .filter((_, index) => index % step === 0);
