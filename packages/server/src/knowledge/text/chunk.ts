/**
 * Text tidying and chunking for the knowledge index (docs/architecture.md#knowledge-and-answers): extracted text is normalised once
 * (NFKC, whitespace, control characters), then cut into overlapping passages of about a target
 * length on paragraph, then sentence, then word boundaries.
 */

export interface ChunkOptions {
  /** Aimed-at passage length in characters (default 800). */
  target?: number;
  /** Hard upper bound for a passage, overlap included (default 1200). */
  max?: number;
  /** Characters of the previous passage repeated at the start of the next (default 120). */
  overlap?: number;
}

const DEFAULTS = { target: 800, max: 1200, overlap: 120 };
/** Room for the separator between the overlap and the passage body. */
const SEPARATOR_ROOM = 2;

// Format characters that only hide text from search: soft hyphen, zero-width space, word joiner,
// BOM. Zero-width (non-)joiners stay: Arabic and Indic scripts need them.
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
// C0/C1 controls except tab and line feed (handled as whitespace below), and lone surrogates.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/gu;

/** NFKC, whitespace tidied, control characters dropped. */
export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/\r\n?|[\v\u0085\u2028]/g, '\n')
      .replace(/\u2029/g, '\n\n')
      // Form feeds (page breaks in text files) separate paragraphs.
      .replace(/\f/g, '\n\n')
      .replace(CONTROL, '')
      .replace(INVISIBLE, '')
      // Tabs and every Unicode space become one plain space.
      .replace(/[\t\p{Zs}]+/gu, ' ')
      .replace(/ ?\n ?/g, '\n')
      // At most one blank line: paragraphs are separated by exactly one.
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A piece of text that is never cut, with the whitespace that came before it. */
interface Token {
  text: string;
  /** '\n\n' starts a paragraph, '\n' a line, ' ' a word or sentence, '' glued (scripts without spaces). */
  before: string;
}

const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });
/** Characters segmented at a time (see `segmentsIn`). */
const WINDOW = 512;

/**
 * The segments of a text, as `Intl.Segmenter` gives them, a window at a time: walking one long
 * text's segments costs time in proportion to the text for each segment in V8 (100,000 characters:
 * 12 s of words, 28 s of graphemes). Each window's last segment may be cut by the window's end, so
 * the next window starts there; a window holding one segment only grows until it holds two.
 */
export function* segmentsIn(
  text: string,
  segmenter: Intl.Segmenter,
): Generator<{ segment: string; index: number }> {
  let start = 0;
  let size = WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + size);
    const found = [...segmenter.segment(text.slice(start, end))];
    if (end === text.length) {
      for (const { segment, index } of found) yield { segment, index: start + index };
      return;
    }
    if (found.length < 2) {
      size *= 2;
      continue;
    }
    const last = found.pop()!;
    for (const { segment, index } of found) yield { segment, index: start + index };
    start += last.index;
    size = WINDOW;
  }
}
const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Splits into passages of about `target` characters (default ~800, max ~1200) on paragraph, then
 * sentence boundaries, with a small overlap; never splits inside a word; empty text → [].
 * A single "word" longer than `target` (no space or word boundary in it) is the one thing cut.
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const target = Math.max(1, Math.floor(options.target ?? DEFAULTS.target));
  const max = Math.max(target, Math.floor(options.max ?? Math.max(DEFAULTS.max, target)));
  const overlap = Math.max(
    0,
    Math.min(Math.floor(options.overlap ?? DEFAULTS.overlap), max - target - SEPARATOR_ROOM),
  );

  const tokens = tokenize(text, target);
  const bodies: Token[][] = [];
  let current: Token[] = [];
  let length = 0;
  for (const token of tokens) {
    const added = token.text.length + (current.length > 0 ? token.before.length : 0);
    if (current.length > 0 && length + added > target) {
      bodies.push(current);
      current = [];
      length = 0;
    }
    length += current.length > 0 ? added : token.text.length;
    current.push(token);
  }
  if (current.length > 0) bodies.push(current);

  let previous = '';
  return bodies.map((body) => {
    const own = join(body);
    const tail = overlap > 0 ? tailOf(previous, overlap) : '';
    previous = own;
    return tail ? tail + (body[0]!.before || '') + own : own;
  });
}

/** Tokens of at most `limit` characters: paragraphs, or the sentences, or the words of longer ones. */
function tokenize(text: string, limit: number): Token[] {
  const tokens: Token[] = [];
  for (const paragraph of splitKeeping(text, /\n\s*\n/)) {
    if (paragraph.text.length <= limit) {
      tokens.push({ text: paragraph.text, before: '\n\n' });
      continue;
    }
    const first = tokens.length;
    for (const sentence of segmentsOf(paragraph.text, sentences)) {
      if (sentence.text.length <= limit) tokens.push(sentence);
      else for (const word of wordsOf(sentence, limit)) tokens.push(word);
    }
    if (tokens[first]) tokens[first] = { ...tokens[first], before: '\n\n' };
  }
  return tokens;
}

/** The words of an over-long sentence: on spaces, then on word boundaries, then (last resort) graphemes. */
function wordsOf(sentence: Token, limit: number): Token[] {
  const out: Token[] = [];
  for (const spaced of splitKeeping(sentence.text, /\s+/)) {
    const glued = spaced.text.length <= limit ? [spaced] : segmentsOf(spaced.text, wordSegmenter);
    glued[0] = { ...glued[0]!, before: out.length === 0 ? sentence.before : spaced.before };
    for (const word of glued) {
      if (word.text.length <= limit) out.push(word);
      else for (const piece of hardCut(word, limit)) out.push(piece);
    }
  }
  return out;
}

/** Cuts a boundary-less run into pieces of at most `limit` characters, never inside a grapheme. */
function hardCut(word: Token, limit: number): Token[] {
  const out: Token[] = [{ text: '', before: word.before }];
  for (const { segment } of segmentsIn(word.text, graphemes)) {
    const last = out[out.length - 1]!;
    if (last.text.length + segment.length > limit && last.text) out.push({ text: segment, before: '' });
    else last.text += segment;
  }
  return out;
}

/** The non-empty parts between separator matches, each with the separator before it (normalised). */
function splitKeeping(text: string, separator: RegExp): Token[] {
  const out: Token[] = [];
  const pattern = new RegExp(separator.source, 'g');
  let start = 0;
  let before = '';
  for (const match of text.matchAll(pattern)) {
    const part = text.slice(start, match.index).trim();
    if (part) out.push({ text: part, before });
    before = kindOf(match[0]);
    start = match.index + match[0].length;
  }
  const last = text.slice(start).trim();
  if (last) out.push({ text: last, before });
  return out;
}

/** Segments by an Intl.Segmenter, trimmed, each with the whitespace before it ('' when glued). */
function segmentsOf(text: string, segmenter: Intl.Segmenter): Token[] {
  const out: Token[] = [];
  let gap = '';
  for (const { segment } of segmentsIn(text, segmenter)) {
    const trimmed = segment.trim();
    if (!trimmed) {
      gap += segment;
      continue;
    }
    const lead = segment.slice(0, segment.length - segment.trimStart().length);
    out.push({ text: trimmed, before: out.length === 0 ? '' : kindOf(gap + lead) });
    gap = segment.slice(segment.trimEnd().length);
  }
  return out;
}

function kindOf(whitespace: string): string {
  if (/\n\s*\n/.test(whitespace)) return '\n\n';
  if (whitespace.includes('\n')) return '\n';
  return whitespace ? ' ' : '';
}

function join(tokens: Token[]): string {
  return tokens.map((token, index) => (index === 0 ? '' : token.before) + token.text).join('');
}

/**
 * The end of a passage, shorter than the passage and at most `size` characters, starting on a
 * sentence boundary or else after a space; empty when neither fits (no word is ever cut here).
 */
function tailOf(passage: string, size: number): string {
  const from = Math.max(1, passage.length - size);
  for (const { index } of sentences.segment(passage)) {
    if (index >= from) return passage.slice(index).trim();
  }
  const space = /\s/g;
  space.lastIndex = from - 1;
  const after = space.exec(passage);
  return after ? passage.slice(after.index + 1).trim() : '';
}
