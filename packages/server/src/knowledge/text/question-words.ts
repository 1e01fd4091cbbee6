/**
 * Reading a question for retrieval: its content words (no function words, no words that only frame
 * the question) and the names it writes with a capital.
 */
import { isStopword } from './language';

/** Content words of a question used at most (a pasted paragraph is not a question). */
const MAX_WORDS = 12;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKUP_TAG = /<\/?[a-z][^<>]*>/g;

/** The words of a question written with a capital other than its first: names, lowercased. */
export function namesIn(question: string): Set<string> {
  const names = new Set<string>();
  for (const [index, [word]] of [...question.normalize('NFKC').matchAll(WORD)].entries()) {
    if (index > 0 && /^\p{Lu}/u.test(word)) names.add(word.toLowerCase());
  }
  return names;
}

/**
 * Words that frame a question rather than name what it is about ("what is the name of…", "how many
 * kinds…", "¿en qué año…?"): the passage that answers rarely repeats them, so they are not looked for.
 */
const QUESTION_FRAME = new Set(
  `name names named call called calls kind kinds type types sort term terms other another example
  examples percentage percent part year years many often approximately entity entities one two
  nombre nombres llama llaman llamaba llamado llamada llamados tipo tipos clase clases término
  términos otro otra otros otras ejemplo ejemplos porcentaje parte año años veces aproximadamente
  entidad entidades son fueron eran cosa uno dos llamó llamaron diga referirse according century
  centuries decade decades date siglo siglos década décadas fecha`.split(/\s+/),
);

/** The distinct content words of a question, lowercased: no function words, no single letters. */
export function contentWords(question: string): string[] {
  const words = new Set<string>();
  // Markup tags are no words: PostgreSQL's parser skips them in passages too.
  const text = question.toLowerCase().normalize('NFKC').replace(MARKUP_TAG, ' ');
  for (const [word] of text.matchAll(WORD)) {
    if ((word.length < 2 && !/\d/.test(word)) || isStopword(word) || QUESTION_FRAME.has(word)) continue;
    words.add(word);
    if (words.size === MAX_WORDS) break;
  }
  return [...words];
}
