/**
 * Acronyms learnt from the knowledge (acronyms.ts): an acronym and its expansion written in the same
 * document are linked, so a question with either meets a sentence with the other.
 */
import { describe, expect, it } from 'vitest';
import { acronymLinks } from './acronyms';
import { candidates, FEATURES, questionTerms } from './features';
import { buildSentenceIndex } from './sentence-index';

describe('acronymLinks', () => {
  it('links an acronym to the capitalised words it is the initials of, or that it follows in brackets', () => {
    const links = acronymLinks([
      { text: 'La Unión Europea se fundó en 1993. Dinamarca entró en la UE en 1973.', language: 'es' },
      { text: 'La Organización de las Naciones Unidas (ONU) tiene sede en Nueva York.', language: 'es' },
      { text: 'The Iglesia Metodista Unida (UMC) met.', language: 'en' },
    ]);
    expect(links).toContainEqual({ acronym: 'ue', expansion: ['union', 'europe'] });
    expect(links).toContainEqual({ acronym: 'onu', expansion: ['organiz', 'nacion', 'unid'] });
    // In brackets right after as many capitalised words, whatever their initials.
    expect(links.some((link) => link.acronym === 'umc')).toBe(true);
    // Capitals that are no one's initials link nothing ("NY" is not written).
    expect(links.some((link) => link.acronym === 'ny')).toBe(false);
  });

  it('links nothing from a text without capitals', () => {
    expect(acronymLinks([{ text: 'the school opens in march.', language: 'en' }])).toEqual([]);
  });
});

describe('acronyms in the index', () => {
  const index = buildSentenceIndex([
    {
      text: 'Derecho de la Unión Europea\n\nLa UE tiene 27 miembros. Dinamarca se unió a la Unión Europea en 1973.',
      language: 'es',
      document: 'ue',
    },
  ]);
  const coverageOf = (question: string, sentence: string) => {
    const found = candidates(index, { text: question, language: 'es' }, []);
    const entry = found.find((candidate) => index.sentences[candidate.sentence]!.text === sentence);
    return entry?.features[FEATURES.indexOf('coverage')] ?? 0;
  };

  it('finds the sentence that writes the expansion for a question asking with the acronym', () => {
    expect(
      coverageOf('¿Cuándo se unió Dinamarca a la UE?', 'Dinamarca se unió a la Unión Europea en 1973.'),
    ).toBeCloseTo(1);
  });

  it('finds the sentence that writes the acronym for a question writing the expansion', () => {
    const question = { text: '¿Cuántos miembros tiene la Unión Europea?', language: 'es' as const };
    const terms = questionTerms(question, index);
    expect(terms).toContain('ue');
    // The sentence writing "UE" holds more of the question than it would without the link.
    const sentence = index.find('La UE tiene 27 miembros.')!;
    const unlinked = index.bySentence.coverage(
      terms.filter((term) => term !== 'ue'),
      sentence,
    );
    expect(coverageOf(question.text, 'La UE tiene 27 miembros.')).toBeGreaterThan(unlinked);
  });
});
