import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval';
import { excerpt, extractiveAnswer, supportingPassages } from './extractive';

const passage = (text: string, overrides: Partial<Passage> = {}): Passage => ({
  source: { kind: 'knowledge_base', title: null, file_id: null },
  text,
  question: null,
  hits: 2,
  support: 1,
  rank: 0.1,
  strong: false,
  ...overrides,
});

describe('excerpt', () => {
  it('quotes the sentence holding the most question words, with the next one when it adds some', () => {
    const text =
      'Transport\nThe school bus has three routes. It collects students from 7:15. The bus costs 60 euros.';
    expect(excerpt(text, ['bus', 'students'], 'en', 700)?.text).toBe(
      'The school bus has three routes. It collects students from 7:15.',
    );
    expect(excerpt(text, ['costs'], 'en', 700)?.text).toBe('The bus costs 60 euros.');
  });

  it('matches word forms and accents loosely', () => {
    expect(excerpt('La admisión abre en marzo.', ['admisiones'], 'es', 700)?.hits).toBe(1);
    expect(excerpt('Fees are paid monthly.', ['fee'], 'en', 700)?.hits).toBe(1);
    expect(excerpt('The business office.', ['bus'], 'en', 700)).toBeNull();
  });

  it('keeps a list introduced by a colon with its first item, and never joins across lines', () => {
    expect(excerpt('Documents needed: birth certificate and photo.', ['documents'], 'en', 700)?.text).toBe(
      'Documents needed: birth certificate and photo.',
    );
    expect(excerpt('Fees:\nTuition is 450 euros.', ['fees'], 'en', 700)?.text).toBe('Fees:');
  });

  it('cuts a long sentence at a word', () => {
    const long = `The fee ${'covers books and trips '.repeat(40)}.`;
    const quote = excerpt(long, ['fee'], 'en', 120)!.text;
    expect(quote.length).toBeLessThanOrEqual(121);
    expect(quote.endsWith('…')).toBe(true);
  });
});

describe('extractiveAnswer', () => {
  it("answers a strong FAQ with the FAQ's answer alone", () => {
    const faq = passage('It is 450 euros.', {
      strong: true,
      source: { kind: 'faq', title: 'How much?', file_id: null },
    });
    expect(extractiveAnswer([faq, passage('Other text about fees.')], ['fees'], 'en')).toEqual({
      text: 'It is 450 euros.',
      sources: [{ kind: 'faq', title: 'How much?', file_id: null }],
    });
  });

  it('quotes the best sentences under the preface, each once, citing only the passages quoted', () => {
    const file = { kind: 'file' as const, title: 'fees.pdf', file_id: 3 };
    const answer = extractiveAnswer(
      [
        passage('Lunch costs 95 euros a month. The bus costs 60 euros a month.'),
        passage('The bus costs 60 euros a month. Uniforms are extra.', { source: file }),
        passage('Lunch is served at noon.', { source: { kind: 'file', title: 'menu.pdf', file_id: 4 } }),
      ],
      ['bus', 'costs'],
      'es',
    );
    expect(answer).toEqual({
      text: 'Esto es lo que encontré:\n\nThe bus costs 60 euros a month.',
      sources: [{ kind: 'knowledge_base', title: null, file_id: null }],
    });
  });

  it('is null without supporting passages', () => {
    expect(extractiveAnswer([], ['bus'], 'en')).toBeNull();
  });
});

describe('supportingPassages', () => {
  it('keeps the passages holding enough of the question words', () => {
    const strong = passage('a', { hits: 2 });
    const weak = passage('b', { hits: 1 });
    expect(supportingPassages([strong, weak], ['bus', 'time', 'students'])).toEqual([strong]);
    expect(supportingPassages([strong, weak], ['bus', 'students'])).toEqual([strong, weak]);
  });
});
