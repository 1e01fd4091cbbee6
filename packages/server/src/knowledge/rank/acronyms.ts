/**
 * Acronyms met with their expansion, learnt from the knowledge itself (docs/architecture.md#knowledge-and-answers):
 * a document that writes an all-capitals word ("UE", "EU") and a run of capitalised words whose
 * initials it is ("Unión Europea", "European Union"), or that writes the acronym in brackets right
 * after such a run ("Iglesia Metodista Unida (UMC)"), links the two, so that a question asking
 * with either meets a sentence written with the other. No lists: only the text's capitals.
 */
import { contentTermsOf, termsOf } from './terms';
import type { DetectedLanguage } from '../text/language';
import { fold } from '../text/words';

/** An acronym's letters, at least and at most. */
const ACRONYM_LETTERS = { min: 2, max: 8 };
/** An all-capitals word (letters only). */
const ACRONYM = /^\p{Lu}+$/u;
/** A capitalised word: a capital, then at least one lower-case letter. */
const CAPITALISED = /^\p{Lu}\p{Ll}/u;
/** Lower-case words this short, two at most together, may sit inside a capitalised run ("Organización de las Naciones Unidas"). */
const JOINING_LETTERS = 3;
const JOINING_WORDS = 2;
const WORD = /[\p{L}\p{N}]+/gu;

/** An acronym's term and the content terms of one expansion of it. */
export interface AcronymLink {
  acronym: string;
  expansion: string[];
}

/** The words of a text with whether a bracket opens right before each. */
function wordsOf(text: string): { word: string; bracketed: boolean }[] {
  return [...text.matchAll(WORD)].map((match) => ({
    word: match[0],
    bracketed: text[match.index - 1] === '(',
  }));
}

/**
 * The capitalised runs of a text: the places of their capitalised words (short lower-case words
 * may join two), each run in reading order.
 */
function capitalisedRuns(words: readonly { word: string }[]): { at: number[]; end: number }[] {
  const runs: { at: number[]; end: number }[] = [];
  let run: number[] = [];
  let joining = 0;
  for (const [place, { word }] of words.entries()) {
    if (CAPITALISED.test(word)) {
      run.push(place);
      joining = 0;
    } else if (
      run.length > 0 &&
      /^\p{Ll}+$/u.test(word) &&
      word.length <= JOINING_LETTERS &&
      joining < JOINING_WORDS
    ) {
      joining += 1;
    } else {
      if (run.length > 0) runs.push({ at: run, end: run.at(-1)! });
      run = [];
      joining = 0;
    }
  }
  if (run.length > 0) runs.push({ at: run, end: run.at(-1)! });
  return runs;
}

const initial = (word: string) => fold(word[0]!).toUpperCase();

/**
 * The acronyms one document links to their expansions (`texts`: its pieces, in the language each
 * is in): an acronym that is the initials of a capitalised run of the same document, or that
 * stands in brackets right after a run of as many capitalised words.
 */
export function acronymLinks(
  texts: readonly { text: string; language: DetectedLanguage | null }[],
): AcronymLink[] {
  const acronyms = new Set<string>();
  /** Every stretch of a capitalised run: its initials and its text. */
  const stretches: { initials: string; text: string; language: DetectedLanguage | null }[] = [];
  const links = new Map<string, AcronymLink>();
  const link = (acronym: string, run: string, language: DetectedLanguage | null) => {
    const [term] = termsOf(acronym, language);
    const expansion = [...new Set(contentTermsOf(run, language))];
    if (!term || expansion.length < 2 || expansion.includes(term)) return;
    links.set(`${term}|${expansion.join(' ')}`, { acronym: term, expansion });
  };
  for (const { text, language } of texts) {
    const words = wordsOf(text);
    for (const [place, { word, bracketed }] of words.entries()) {
      if (word.length < ACRONYM_LETTERS.min || word.length > ACRONYM_LETTERS.max || !ACRONYM.test(word))
        continue;
      acronyms.add(word);
      // In brackets right after a run of at least as many capitalised words: the last ones are it.
      const run = bracketed ? capitalisedRuns(words.slice(0, place)).at(-1) : undefined;
      if (run && run.end === place - 1 && run.at.length >= word.length) {
        const from = run.at[run.at.length - word.length]!;
        link(
          word,
          words
            .slice(from, place)
            .map((entry) => entry.word)
            .join(' '),
          language,
        );
      }
    }
    for (const run of capitalisedRuns(words)) {
      const capitalised = run.at.map((place) => words[place]!.word);
      for (let from = 0; from < run.at.length; from += 1) {
        for (
          let to = from + ACRONYM_LETTERS.min;
          to <= Math.min(run.at.length, from + ACRONYM_LETTERS.max);
          to += 1
        ) {
          stretches.push({
            initials: capitalised.slice(from, to).map(initial).join(''),
            language,
            text: words
              .slice(run.at[from]!, run.at[to - 1]! + 1)
              .map((entry) => entry.word)
              .join(' '),
          });
        }
      }
    }
  }
  for (const stretch of stretches) {
    if (acronyms.has(stretch.initials)) link(stretch.initials, stretch.text, stretch.language);
  }
  return [...links.values()];
}

/** Links by the first term of their expansion: what a text's terms are looked up in. */
export type AcronymTable = ReadonlyMap<string, readonly AcronymLink[]>;

export function acronymTable(links: readonly AcronymLink[]): AcronymTable {
  const table = new Map<string, AcronymLink[]>();
  for (const link of links) table.set(link.expansion[0]!, [...(table.get(link.expansion[0]!) ?? []), link]);
  return table;
}

/**
 * The acronyms whose expansion a text's terms hold (every content term of it) and the text does
 * not: a sentence or a question writing "Unión Europea" also holds "ue".
 */
export function acronymsHeld(table: AcronymTable, terms: readonly string[]): string[] {
  if (table.size === 0) return [];
  const held = new Set(terms);
  const found = new Set<string>();
  for (const term of held)
    for (const link of table.get(term) ?? [])
      if (!held.has(link.acronym) && link.expansion.every((other) => held.has(other)))
        found.add(link.acronym);
  return [...found];
}
