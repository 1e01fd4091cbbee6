/**
 * The kind of answer a question asks for, read from its first question word, in English and
 * Spanish: a "when" wants a time (a year, a date, a month, a century), a "how many" a number, a
 * "who" or "where" a name. A sentence holding that kind of thing is likelier to be the answer than
 * one that only repeats the question's words. Only the first question word counts: in "What sea
 * bordered the empire when Genghis Khan died?" the "when" is not the question.
 */
import { fold, foldedWords } from '../text/words';

/** What the question wants. */
export type AnswerType = 'time' | 'number' | 'name';

// Spanish question words carry an accent; written without one ("cuando", "que") they are the
// relative words, except at the start of the question, where people often leave the accent out.
// (JavaScript's \b only knows ASCII letters: "qué" needs boundaries of its own.)
const START = String.raw`(?:^|¿)\s*(?:(?:a|de|en|con|por|para|desde|hasta)\s+)?`;
const END = String.raw`(?![\p{L}\p{N}])`;
const es = (accented: string, plain: string) =>
  String.raw`(?<![\p{L}\p{N}])(?:${accented})${END}|${START}(?:${plain})${END}`;

const QUESTION_WORDS: [AnswerType | null, RegExp][] = [
  [
    'time',
    new RegExp(
      [
        String.raw`\bwhen\b|\b(?:what|which) (?:year|century|decade|date|month|day|period|era)s?\b`,
        es('cuándo', 'cuando'),
        es(
          String.raw`(?:qué|cuál) (?:año|siglo|década|fecha|mes|día|época|período|periodo)`,
          String.raw`(?:que|cual) (?:ano|año|siglo|decada|década|fecha|mes|dia|día|epoca|época|periodo)`,
        ),
      ].join('|'),
      'iu',
    ),
  ],
  [
    'number',
    new RegExp(
      [
        String.raw`\bhow (?:many|much|long|old|large|big|far|tall|high|wide|deep|often)\b`,
        String.raw`\b(?:what|which) (?:percentage|percent|proportion|number|amount|size|population)\b`,
        String.raw`\bwhat (?:is|was|were|are) the (?:population|percentage|number|amount|size)\b`,
        es(String.raw`cuánt[oa]s?`, String.raw`cuant[oa]s?`),
        es(
          String.raw`qué (?:porcentaje|proporción|cantidad|número|tamaño|población)|cuál (?:es|era|fue) (?:la|el) (?:población|porcentaje|número|cantidad|tamaño)`,
          String.raw`que (?:porcentaje|proporcion|cantidad|numero|tamano|poblacion)|cual (?:es|era|fue) (?:la|el) (?:poblacion|porcentaje|numero|cantidad|tamano)`,
        ),
      ].join('|'),
      'iu',
    ),
  ],
  [
    'name',
    new RegExp(
      [
        String.raw`\b(?:who|whom|whose|where)\b`,
        String.raw`\b(?:what|which) (?:person|people|city|cities|country|countries|company|companies|team|group|organi[sz]ation|party|university|entity|state)\b`,
        es(String.raw`quién(?:es)?`, String.raw`quien(?:es)?`),
        es(
          String.raw`(?:qué|cuál) (?:persona|personas|ciudad|ciudades|país|países|empresa|empresas|compañía|equipo|grupo|organización|partido|universidad|entidad|estado)`,
          String.raw`(?:que|cual) (?:persona|personas|ciudad|ciudades|pais|paises|empresa|empresas|compania|compañia|equipo|grupo|organizacion|partido|universidad|entidad|estado)`,
        ),
        es('dónde', 'donde'),
      ].join('|'),
      'iu',
    ),
  ],
  // Question words that say nothing of the answer's kind.
  [
    null,
    new RegExp(
      [String.raw`\b(?:what|which|why|how)\b`, es('(?:qué|cuál(?:es)?|cómo)', '(?:que|cual|como)')].join('|'),
      'iu',
    ),
  ],
];

const MONTHS =
  'january|february|march|april|june|july|august|september|october|november|december|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const TIME = new RegExp(
  String.raw`\b(?:1\d{3}|20\d{2}|\d{2,4}s|${MONTHS})\b|\b(?:century|centuries|siglo|siglos|decade|d[eé]cada)\b`,
  'giu',
);
// "May" is a month only capitalised (else the verb), so it is matched apart.
const MAY = /\bMay\b/u;
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|' +
  'thousand|million|billion|dozen|half|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|' +
  'doce|veinte|treinta|cuarenta|cincuenta|cien|ciento|cientos|mil|millones|mill[oó]n|docena|mitad';
const NUMBER = new RegExp(String.raw`\d[\d.,]*|\b(?:${NUMBER_WORDS})\b`, 'giu');
const CAPITALISED = /(?<=\S\s+)\p{Lu}[\p{L}\p{M}'’-]+/gu;

/** The kind of answer a question wants; null when its first question word does not say. */
export function answerTypeOf(question: string): AnswerType | null {
  let first: { index: number; type: AnswerType | null } | null = null;
  for (const [type, pattern] of QUESTION_WORDS) {
    const match = pattern.exec(question);
    // The earliest question word decides; at the same place a typed one ("what year") wins.
    if (match && (!first || match.index < first.index)) first = { index: match.index, type };
  }
  return first?.type ?? null;
}

/** Whether a sentence holds an answer of the type, other than the question's own words. */
export function holdsAnswerType(sentence: string, type: AnswerType, question: string): boolean {
  const asked = new Set(foldedWords(question));
  // A figure the question gives is not its answer ("when, before 2000, …?" and a sentence on 2000).
  const newFigure = (pattern: RegExp) =>
    [...sentence.matchAll(pattern)].some(
      ([found]) => !/^\d/.test(found) || !asked.has(found.replace(/[.,]+$/, '')),
    );
  if (type === 'time') return newFigure(TIME) || MAY.test(sentence);
  if (type === 'number') return newFigure(NUMBER);
  // A name not at the start of the sentence and not one of the question's words.
  return [...sentence.matchAll(CAPITALISED)].some(([word]) => !asked.has(fold(word)));
}
