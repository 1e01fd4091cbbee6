import { describe, expect, it } from 'vitest';
import { sentencesOf } from './sentences';

describe('sentencesOf', () => {
  it('splits a passage into whole sentences, line by line, leaving out one cut at its start', () => {
    expect(sentencesOf('of the town. The bus leaves at 7. It is free.\nFees: 60 euros.', 'en')).toEqual([
      { text: 'The bus leaves at 7.', passage: 0, order: 0, line: 0 },
      { text: 'It is free.', passage: 0, order: 1, line: 0 },
      { text: 'Fees: 60 euros.', passage: 0, order: 2, line: 1 },
    ]);
    expect(sentencesOf('¿Hay comedor? Sí.', 'es').map((sentence) => sentence.text)).toEqual([
      '¿Hay comedor?',
      'Sí.',
    ]);
  });

  it('never cuts a sentence after an initial or an abbreviation', () => {
    const texts = (text: string, locale: 'en' | 'es') => sentencesOf(text, locale).map((s) => s.text);
    expect(texts('Lo dirigió William E. Simon, su primer administrador. Duró un año.', 'es')).toEqual([
      'Lo dirigió William E. Simon, su primer administrador.',
      'Duró un año.',
    ]);
    expect(texts('Las velocidades son 3600 RPM en EE. UU. con 60 Hz. En Europa, 3000.', 'es')).toEqual([
      'Las velocidades son 3600 RPM en EE. UU. con 60 Hz.',
      'En Europa, 3000.',
    ]);
    expect(texts('Most U.S. schools open in August. Some open in July.', 'en')).toEqual([
      'Most U.S. schools open in August.',
      'Some open in July.',
    ]);
  });
});
