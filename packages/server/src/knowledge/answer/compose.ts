/**
 * Answers a question (docs/architecture.md#knowledge-and-answers) as the chat's events: `token`s, then `sources`, then `handoff`
 * when a human is offered. With an LLM configured and passages good enough, a grounded generative
 * answer streams; without one (or if it fails before its first word) the extractive answer does.
 * Nothing good enough: a polite "I don't know" in the question's language, and the handoff contact.
 * The conversation so far is context: a follow-up that finds nothing alone ("and on Saturdays?") is
 * looked up again together with the visitor's previous question, and the model sees the last turns.
 */
import type { Handoff } from '@conversa/contract/assistant';
import type { Source } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import type { AnswerMethod } from '@conversa/contract/conversation';
import type { Logger } from 'pino';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/database';
import type { ModelCalls } from '../../rate-limit/model-calls';
import { type Passage, retrieve } from '../retrieval';
import { type DetectedLanguage, detectLanguage } from '../text/language';
import { type AssistantScope, knowledgeIndex, type KnowledgeIndex } from '../rank/knowledge-index';
import { rankedAnswer, semanticScores } from '../rank/ranked-answer';
import { linkFilter, linkPolicy } from './links';
import { LlmError, streamCompletion } from '../../llm/llm';
import { phrase } from './phrases';
import { translateQuestion } from './translate';
import { groundedPrompt, type Turn } from './prompt';

export type { Turn } from './prompt';

export type AnswerEvent =
  | { event: 'token'; data: { text: string } }
  | { event: 'sources'; data: { sources: Source[] } }
  | { event: 'handoff'; data: Handoff };

/** What is stored as the assistant's message. */
export interface ComposedAnswer {
  text: string;
  sources: Source[];
  /** The handoff contact was offered. */
  handoff: boolean;
  /** False when nothing good enough was found: the answer says it does not know. */
  answered: boolean;
  /** How it was made and from what (the trainer's "try it" shows it). */
  trace: AnswerTrace;
}

/** How an answer was made: what was looked up, what was found, what was given to the answer. */
export interface AnswerTrace {
  method: AnswerMethod;
  /** The question's content words. */
  words: string[];
  /** Those the knowledge never mentions. */
  unknown: string[];
  /** Read together with the question before (a short follow-up that found nothing alone). */
  followUp: boolean;
  /** The passages retrieval found, best first. */
  found: Passage[];
  /** Those given to the answer: quoted, or given to the language model. */
  supporting: Passage[];
  /** The gate's probability (0..1) that the knowledge answers the question, and the least it answers at. */
  confidence: number;
  neededConfidence: number;
  /** The question in the knowledge's language, when that look-up was the one answered from. */
  translation: string | null;
}

/** The generative answer failed after it had started: the visitor already saw part of it. */
export class AnswerFailedError extends Error {
  constructor(readonly failure: LlmError) {
    super(`answer failed: ${failure.reason}`);
    this.name = 'AnswerFailedError';
  }
}

export interface ComposeInput {
  db: Db;
  llm: LlmConfig | null;
  logger?: Logger;
  institutionId: number;
  assistantId: number;
  question: string;
  /** The conversation before this question, oldest first (the route passes the last few turns). */
  history?: Turn[];
  assistantName: string;
  /** The institution's website (its host is the one links may lead to besides the passages'). */
  website?: string | null;
  /** The language when the question's cannot be told (the assistant's). */
  fallbackLocale: Locale;
  /** The assistant's handoff contact, if any. */
  handoff: Handoff | null;
  /** Aborted when the visitor leaves. */
  signal?: AbortSignal;
  /** The budgets each model call is taken from (rate-limit/model-calls.ts); unset: uncounted (tests). */
  calls?: ModelCalls;
}

/** Content words a question may have at most to be read as a follow-up of the one before. */
const FOLLOW_UP_WORDS = 1;
/** Passages PostgreSQL's full-text search brings to the ranker (its ranks are among the features). */
const FOUND_PASSAGES = 20;
/** Passages the trace shows as found. */
const PASSAGES = 5;
/** Words per `token` event of a prepared (not generated) text. */
const WORDS_PER_TOKEN = 3;

/** The distinct sources, in order. */
function distinctSources(sources: readonly Source[]): Source[] {
  const seen = new Map<string, Source>();
  for (const source of sources) {
    const key = `${source.kind}:${source.file_id ?? ''}:${source.title ?? ''}`;
    if (!seen.has(key)) seen.set(key, source);
  }
  return [...seen.values()];
}

/** True when a handoff contact has anything to show. */
export function hasHandoff(handoff: Handoff | null): handoff is Handoff {
  return (
    !!handoff && Object.values(handoff).some((value) => typeof value === 'string' && value.trim() !== '')
  );
}

/** A prepared text as `token` events of a few words each (they concatenate to the text). */
function* tokens(text: string): Generator<AnswerEvent> {
  const pieces = text.match(/\s*\S+/g) ?? [];
  for (let i = 0; i < pieces.length; i += WORDS_PER_TOKEN) {
    yield { event: 'token', data: { text: pieces.slice(i, i + WORDS_PER_TOKEN).join('') } };
  }
}

/** The answer to a question, as events; returns what to store. Throws AnswerFailedError. */
export async function* composeAnswer(input: ComposeInput): AsyncGenerator<AnswerEvent, ComposedAnswer> {
  const language = detectLanguage(input.question);
  const locale: Locale = language ?? input.fallbackLocale;
  const scope = { institutionId: input.institutionId, assistantId: input.assistantId };
  // The ranker stems the question in its language, else in the assistant's.
  const lookUp = (question: string) => lookUpAnswer(input.db, scope, question, language, locale);
  let found = await lookUp(input.question);
  // An elliptical follow-up ("and on Saturdays?", one content word at most) that finds nothing alone is
  // read with the visitor's previous question; a question of its own stays on its own.
  const previous = input.history?.findLast((turn) => turn.role === 'user');
  let followUp = false;
  if (!found.answers && previous && found.words.length <= FOLLOW_UP_WORDS) {
    found = await lookUp(`${previous.text}\n${input.question}`);
    followUp = true;
  }
  // A question in the other language than the knowledge's is also looked up in translation, with a
  // model (one short call, counted in the budget); the better-supported look-up answers.
  let translation: string | null = null;
  const knowledge = found.knowledgeLanguage;
  if (input.llm && !found.faq && language && knowledge && language !== knowledge && (await admitted(input))) {
    try {
      translation = await translateQuestion(input.llm, found.question, knowledge);
      await input.calls?.settle(null);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      await input.calls?.settle(error.reason);
      input.logger?.warn({ reason: error.reason, err: error.message }, 'question not translated');
    }
    if (translation !== null) {
      const translated = await lookUpAnswer(input.db, scope, translation, knowledge, knowledge);
      if (translated.confidence > found.confidence) found = translated;
      else translation = null;
    }
  }
  const { faq, quoted, forModel } = found;
  const trace = (method: AnswerMethod): AnswerTrace => ({
    method,
    words: found.words,
    unknown: found.unknown,
    followUp,
    found: found.passages,
    supporting:
      method === 'llm' ? forModel : method === 'faq' ? [faq!] : quoted.map((entry) => entry.passage),
    confidence: found.confidence,
    neededConfidence: found.neededConfidence,
    translation,
  });

  if (input.llm && !faq && forModel.length > 0 && (await admitted(input))) {
    let text = '';
    // The visitor sees, and the conversation keeps, only links the institution points to.
    const links = linkFilter(
      // A web page's own address counts as written in it: the answer may link the page it cites.
      linkPolicy({
        website: input.website ?? null,
        passages: forModel.map((p) => (p.source.url ? `${p.text}\n${p.source.url}` : p.text)),
      }),
    );
    try {
      for await (const piece of generate(input, input.llm, forModel, locale)) {
        const safe = links.push(piece);
        if (safe === '') continue;
        text += safe;
        yield { event: 'token', data: { text: safe } };
      }
      const rest = links.flush();
      if (rest !== '') {
        text += rest;
        yield { event: 'token', data: { text: rest } };
      }
      await input.calls?.settle(null);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      await input.calls?.settle(error.reason);
      if (error.reason === 'aborted' || text !== '') throw new AnswerFailedError(error);
      input.logger?.warn({ reason: error.reason, err: error.message }, 'llm failed; answering extractively');
    }
    if (text.trim() !== '') {
      const sources = distinctSources(forModel.map((passage) => passage.source));
      yield { event: 'sources', data: { sources } };
      return { text, sources, handoff: false, answered: true, trace: trace('llm') };
    }
  }

  // A strong FAQ is answered with its own answer, as written by the institution.
  if (faq) {
    yield* tokens(faq.text);
    yield { event: 'sources', data: { sources: [faq.source] } };
    return { text: faq.text, sources: [faq.source], handoff: false, answered: true, trace: trace('faq') };
  }
  if (quoted.length > 0) {
    const text = `${phrase(locale, 'found')}\n\n${quoted.map((entry) => entry.text).join('\n\n')}`;
    const sources = distinctSources(quoted.map((entry) => entry.passage.source));
    yield* tokens(text);
    yield { event: 'sources', data: { sources } };
    return { text, sources, handoff: false, answered: true, trace: trace('extractive') };
  }

  const offer = hasHandoff(input.handoff);
  const text = `${phrase(locale, 'notFound')} ${phrase(locale, offer ? 'offerHandoff' : 'askAgain')}`;
  yield* tokens(text);
  yield { event: 'sources', data: { sources: [] } };
  if (offer) yield { event: 'handoff', data: input.handoff! };
  return { text, sources: [], handoff: offer, answered: false, trace: trace('not_found') };
}

/** What the knowledge holds for a question: a strong FAQ, or the ranker's sentences and chunks. */
interface LookedUp {
  /** The question looked up. */
  question: string;
  /** The language most of the knowledge is written in (null: mixed, or no knowledge yet). */
  knowledgeLanguage: DetectedLanguage | null;
  words: string[];
  unknown: string[];
  /** The passages full-text search found, best first (PASSAGES). */
  passages: Passage[];
  /** An FAQ whose question covers the question: its own answer is the answer. */
  faq: Passage | null;
  /** The sentences to quote, each with the passage it is quoted from. */
  quoted: { text: string; passage: Passage }[];
  /** The passages to give a language model. */
  forModel: Passage[];
  answers: boolean;
  /** The gate's probability that the knowledge answers the question, and the least it answers at. */
  confidence: number;
  neededConfidence: number;
}

async function lookUpAnswer(
  db: Db,
  scope: AssistantScope,
  question: string,
  language: DetectedLanguage | null,
  locale: Locale,
): Promise<LookedUp> {
  const retrieval = await retrieve(db, { ...scope, question, limit: FOUND_PASSAGES, language });
  const { words, unknown } = retrieval;
  const passages = retrieval.passages.slice(0, PASSAGES);
  const strong = retrieval.passages[0]?.strong ? retrieval.passages[0] : null;
  if (strong) {
    // Answered as the institution wrote it: no index to read, nothing to translate.
    const base = { question, knowledgeLanguage: null, words, unknown, passages, quoted: [], forModel: [] };
    return { ...base, faq: strong, answers: true, confidence: 1, neededConfidence: 1 };
  }
  const index = await knowledgeIndex(db, scope);
  const knowledgeLanguage = index.language;
  // The ranker reads full-text search's passages (as it was fitted) and the semantic cosines apart.
  const lexical = retrieval.passages.filter((passage) => passage.semantic === undefined || passage.hits > 0);
  const ranked = rankedAnswer(
    index,
    { text: question, language: language ?? locale },
    lexical,
    retrieval.nearest ? semanticScores(index, retrieval.nearest) : null,
  );
  const passageAt = (chunk: number) => passageOf(index.chunks[chunk]!, retrieval.passages);
  return {
    question,
    knowledgeLanguage,
    words,
    unknown,
    passages,
    faq: null,
    quoted: ranked.quoted.map((sentence) => ({
      text: index.sentences[sentence]!.text,
      passage: passageAt(index.sentences[sentence]!.chunks[0]!),
    })),
    forModel: ranked.forModel.map(({ text, chunk }) => ({ ...passageAt(chunk), text })),
    answers: ranked.answers,
    confidence: ranked.probability,
    neededConfidence: ranked.threshold,
  };
}

/** True when the model may be called for this answer; false answers without it (or a 429 is thrown). */
const admitted = (input: ComposeInput) => input.calls?.admit() ?? Promise.resolve(true);

function generate(input: ComposeInput, llm: LlmConfig, passages: Passage[], locale: Locale) {
  const messages = groundedPrompt({
    assistantName: input.assistantName,
    question: input.question,
    history: input.history ?? [],
    passages,
    locale,
    website: input.website ?? null,
  });
  return streamCompletion(llm, messages, input.signal);
}

/** An indexed chunk as a passage of the trace: as retrieval found it, or with no words held when only the ranker did. */
function passageOf(chunk: KnowledgeIndex['chunks'][number], found: readonly Passage[]): Passage {
  const same = found.find(
    (passage) => passage.text === chunk.text && (passage.source.kind === 'faq') === (chunk.owner === 'faq'),
  );
  return (
    same ?? {
      source: chunk.source,
      text: chunk.text,
      question: chunk.owner === 'faq' ? chunk.source.title : null,
      hits: 0,
      held: [],
      support: 0,
      rank: 0,
      strong: false,
    }
  );
}
