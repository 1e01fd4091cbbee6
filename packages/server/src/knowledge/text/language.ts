/**
 * Spanish or English? A small, fast guess for questions and passages (docs/architecture.md#knowledge-and-answers): function words,
 * Spanish letters and punctuation (ñ, accents, ¿ ¡), and a few word endings. Statistical detectors
 * need longer text than a chat question ("¿horario de visitas?"), and only es and en matter here;
 * anything undecided is null and searched with the `simple` configuration.
 */

export type DetectedLanguage = 'es' | 'en';
export type TextSearchConfig = 'spanish' | 'english' | 'simple';

// Function words that are common in one language and rare or absent in the other. Words both use
// ("a", "no", "me", "he", "son", "sin") are left out so they do not tip the balance.
const SPANISH_WORDS = `de la que el en y los del se las por un para con una su al es lo como más mas pero
  sus le ya o este sí porque esta entre cuando muy sobre también hasta hay donde quien desde todo nos
  durante todos uno les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras
  otra él tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi
  mis tú te ti tu tus ellas nosotras vosotros vuestro os mío mía tuyo tuya suyo suya nuestro nuestra
  esos esas estoy estás está estamos están ser soy eres somos era fue han ha hemos tiene tienen tengo
  tenemos puedo puede pueden podemos cuál cuáles cuánto cuánta cuántos cuántas cómo dónde cuándo quién
  quiénes hola gracias sería serían habrá pueda quiero quisiera necesito aquí allí ahora siempre
  nunca después entonces cada usted ustedes según sino aunque mientras adónde estaba estaban estuvo
  estuvieron había habían tras través vez`.split(/\s+/);

const ENGLISH_WORDS = `the of and to in is you that it was for on are as with his they i at be this have from
  or had by but not what all were we when your can there an which she do their if will them these so
  some her would him into has could my than been who its did may how does where why whom whose our
  ours yours hers theirs us am being having doing should shall might must need want please hello hi
  thanks thank any each such only too very just also after before over under again further once here
  both while because until against between through during above below off nor those whether there's
  what's it's don't can't i'm you're we're they're isn't aren't doesn't didn't won't much up out
  get tell know across about`.split(/\s+/);

const SPANISH = new Set(SPANISH_WORDS.filter(Boolean));
/** Function words of both languages: not evidence either way, but no use to a search either. */
const SHARED = new Set(['a', 'no', 'me', 'he']);
const ENGLISH = new Set(ENGLISH_WORDS.filter(Boolean));

/** Word endings that lean one way ("admisiones", "inscripción" / "enrolment", "booking"). */
const SPANISH_ENDINGS =
  /(?:ción|ciones|sión|siones|dad|dades|mente|ando|iendo|amos|emos|imos|ería|ismo|ista|ero|era|eros|eras|aje|ajes|ía|ías)$/;
const ENGLISH_ENDINGS = /(?:tion|tions|ing|ings|ness|ment|ments|ship|ful|less|ity|ies|ly|ed|th|ck|sh|ght)$/;
const SPANISH_LETTERS = /[ñáéíóúü¿¡]/gu;

/** Only the beginning of long passages is read: enough to decide, and chunks are indexed by the thousand. */
const MAX_SAMPLE = 4000;
const WORD = /[\p{L}']+/gu;

/** A word's weight when only its ending says something. */
const ENDING_WEIGHT = 0.5;

/** The language of a text, or null when it is not clearly Spanish or English. */
export function detectLanguage(text: string): DetectedLanguage | null {
  const sample = text.slice(0, MAX_SAMPLE).toLowerCase();
  let es = 0;
  let en = 0;
  for (const [word] of sample.matchAll(WORD)) {
    const inSpanish = SPANISH.has(word);
    const inEnglish = ENGLISH.has(word);
    if (inSpanish || inEnglish) {
      if (inSpanish) es += 1;
      if (inEnglish) en += 1;
      continue;
    }
    if (word.length < 4) continue;
    if (SPANISH_ENDINGS.test(word)) es += ENDING_WEIGHT;
    else if (ENGLISH_ENDINGS.test(word)) en += ENDING_WEIGHT;
  }
  // An accented letter, ñ or inverted mark is strong evidence in a short question; capped, so that
  // names (José, Bogotá) in English prose do not outvote its function words.
  const letters = sample.match(SPANISH_LETTERS)?.length ?? 0;
  es += Math.min(letters, 2) * 1.5;
  if (es === en) return null;
  // A clear lead is needed on long text (quoted names, mixed documents); a short question only needs one.
  const total = es + en;
  const lead = Math.abs(es - en);
  if (total >= 10 && lead / total < 0.2) return null;
  return es > en ? 'es' : 'en';
}

/** The PostgreSQL text-search configuration of a language (`simple` when unknown). */
export function textSearchConfig(language: DetectedLanguage | null): TextSearchConfig {
  if (language === 'es') return 'spanish';
  if (language === 'en') return 'english';
  return 'simple';
}

/** The language of a PostgreSQL text-search configuration (`textSearchConfig`'s inverse; null for `simple`). */
export function languageOfConfig(config: string): DetectedLanguage | null {
  if (config === 'spanish') return 'es';
  if (config === 'english') return 'en';
  return null;
}

/** True for a word that carries no meaning for search in Spanish or English (it, the, de, la…). */
export function isStopword(word: string): boolean {
  return SPANISH.has(word) || ENGLISH.has(word) || SHARED.has(word);
}
