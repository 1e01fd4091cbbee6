/**
 * An assistant's knowledge as sentences (docs/architecture.md#knowledge-and-answers): every
 * sentence of its chunks once (chunks overlap), with the sentences before and after it in the same
 * paragraph, its paragraph, and BM25 indexes over sentences and over paragraphs, in stemmed terms.
 */
import { sentencesOf } from '../text/sentences';
import { type DetectedLanguage, detectLanguage } from '../text/language';
import { Bm25Index } from './bm25';
import { termsOf } from './terms';

/** A chunk as stored: its text and the language it was indexed in. */
export interface IndexedChunk {
  text: string;
  language: DetectedLanguage | null;
  /** The document it is cut from (a file, a web page): the chunks of one come one after another, in reading order. */
  document?: string;
}

export interface IndexedSentence {
  text: string;
  language: DetectedLanguage | null;
  /** The sentence before and after it in its paragraph; -1 at either end. */
  previous: number;
  next: number;
  paragraph: number;
  /** The chunks (their places in the list indexed) that hold it. */
  chunks: number[];
  /** It is a heading (isHeading): its words are context for the sentences under it, never an answer. */
  heading: boolean;
  /** The heading over it (the last one read before it), -1 when none. */
  under: number;
}

/** The longest line read as a heading, in characters. */
export const HEADING_MAX_CHARS = 80;
/** A line ending as a sentence does (a full stop, question or exclamation mark, maybe then a quote or bracket). */
const SENTENCE_END = /[.!?…]["'”»)\]]*$/u;

/**
 * Whether a line of a text is a heading, by the text's structure alone: one short sentence without
 * a sentence's end, alone as a paragraph (a blank line, or the passage's edge, before it and a
 * blank line after it), followed by a paragraph (a line ending as a sentence does, or holding
 * several). A list's items (lines one under another) are not headings.
 */
export function isHeading(
  line: { number: number; sentences: readonly string[] },
  before: { number: number } | undefined,
  after: { number: number; sentences: readonly string[] } | undefined,
): boolean {
  const [only] = line.sentences;
  return (
    line.sentences.length === 1 &&
    only!.length <= HEADING_MAX_CHARS &&
    !SENTENCE_END.test(only!) &&
    (before === undefined || before.number < line.number - 1) &&
    after !== undefined &&
    after.number > line.number + 1 &&
    (after.sentences.length > 1 || SENTENCE_END.test(after.sentences[0]!))
  );
}

export interface SentenceIndex {
  sentences: IndexedSentence[];
  /** Each sentence's terms. */
  terms: string[][];
  bySentence: Bm25Index;
  /** The sentences of each paragraph, in reading order. */
  paragraphs: number[][];
  /** Paragraph `i` holds the sentences whose `paragraph` is `i`. */
  byParagraph: Bm25Index;
  /** The sentence of a text, if the knowledge holds it. */
  find(text: string): number | undefined;
  /** The sentences of each chunk indexed, in order. */
  byChunk: number[][];
  /** The chunk of a text, if the knowledge holds it (the first, if several). */
  chunkOf(text: string): number | undefined;
}

/** Indexes the sentences of chunks given in reading order, at once (benches and tests). */
export function buildSentenceIndex(chunks: readonly IndexedChunk[]): SentenceIndex {
  const building = indexing(chunks);
  for (;;) {
    const step = building.next();
    if (step.done) return step.value;
  }
}

/** The longest stretch, in milliseconds, a build runs before it lets the process serve others. */
export const BUILD_SLICE_MS = 10;

/**
 * Indexes the sentences of chunks given in reading order, handing the event loop back every
 * BUILD_SLICE_MS: a large knowledge base (10k chunks: seconds) never stalls other requests.
 */
export async function buildSentenceIndexInSlices(chunks: readonly IndexedChunk[]): Promise<SentenceIndex> {
  const building = indexing(chunks);
  let sliceStart = performance.now();
  for (;;) {
    const step = building.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= BUILD_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** Paragraphs indexed per step of a build (a paragraph holds a few sentences: less than a chunk's work). */
const PARAGRAPHS_PER_STEP = 10;

/** The build, one chunk per step. */
function* indexing(chunks: readonly IndexedChunk[]): Generator<void, SentenceIndex> {
  const sentences: IndexedSentence[] = [];
  const terms: string[][] = [];
  const seen = new Map<string, number>();
  const paragraphTerms: string[][] = [];
  const bySentence = new Bm25Index();
  // The heading over the sentences read, carried from a chunk to the next of the same document.
  let under = -1;
  for (const [at, chunk] of chunks.entries()) {
    if (chunk.document === undefined || chunk.document !== chunks[at - 1]?.document) under = -1;
    const locale = chunk.language ?? 'en';
    let before = -1;
    let beforeLine = -1;
    let paragraph = -1;
    const read = sentencesOf(chunk.text, locale);
    const lines: { number: number; sentences: string[] }[] = [];
    for (const sentence of read) {
      if (lines.at(-1)?.number !== sentence.line) lines.push({ number: sentence.line, sentences: [] });
      lines.at(-1)!.sentences.push(sentence.text);
    }
    const headingLines = new Set(
      lines
        .filter((line, place) => isHeading(line, lines[place - 1], lines[place + 1]))
        .map((line) => line.number),
    );
    for (const sentence of read) {
      if (sentence.line !== beforeLine) paragraph = -1;
      let index = seen.get(sentence.text);
      if (index === undefined) {
        // A sentence first seen here belongs to the paragraph this chunk is reading, or starts one.
        if (paragraph < 0) {
          paragraph =
            before >= 0 && sentence.line === beforeLine
              ? sentences[before]!.paragraph
              : paragraphTerms.length;
          if (paragraph === paragraphTerms.length) paragraphTerms.push([]);
        }
        index = sentences.length;
        seen.set(sentence.text, index);
        // Each sentence in its own language when it can be told: a chunk may mix two.
        const language = detectLanguage(sentence.text) ?? chunk.language;
        sentences.push({
          text: sentence.text,
          language,
          previous: -1,
          next: -1,
          paragraph,
          chunks: [],
          heading: false,
          under,
        });
        const own = termsOf(sentence.text, language);
        terms.push(own);
        bySentence.add(own);
        paragraphTerms[paragraph]!.push(...own);
      } else {
        paragraph = sentences[index]!.paragraph;
        if (sentences[index]!.under >= 0) under = sentences[index]!.under;
        else if (under >= 0 && !sentences[index]!.heading) sentences[index]!.under = under;
      }
      if (headingLines.has(sentence.line)) {
        sentences[index]!.heading = true;
        sentences[index]!.under = -1;
      }
      if (sentences[index]!.heading) under = index;
      const held = sentences[index]!.chunks;
      if (held.at(-1) !== at) held.push(at);
      if (before >= 0 && sentence.line === beforeLine && before !== index) {
        if (sentences[index]!.previous < 0) sentences[index]!.previous = before;
        if (sentences[before]!.next < 0) sentences[before]!.next = index;
      }
      before = index;
      beforeLine = sentence.line;
    }
    yield;
  }
  const chunkAt = new Map<string, number>();
  for (const [at, chunk] of chunks.entries()) if (!chunkAt.has(chunk.text)) chunkAt.set(chunk.text, at);
  yield;
  const byChunk: number[][] = chunks.map(() => []);
  for (const [index, sentence] of sentences.entries())
    for (const chunk of sentence.chunks) byChunk[chunk]!.push(index);
  yield;
  // Sentences are numbered as first read: a paragraph's come in reading order.
  const paragraphs = paragraphTerms.map(() => [] as number[]);
  for (const [index, sentence] of sentences.entries()) paragraphs[sentence.paragraph]!.push(index);
  const byParagraph = new Bm25Index();
  for (const [at, own] of paragraphTerms.entries()) {
    byParagraph.add(own);
    if (at % PARAGRAPHS_PER_STEP === PARAGRAPHS_PER_STEP - 1) yield;
  }
  return {
    byChunk,
    sentences,
    terms,
    bySentence,
    paragraphs,
    byParagraph,
    find: (text) => seen.get(text),
    chunkOf: (text) => chunkAt.get(text),
  };
}
