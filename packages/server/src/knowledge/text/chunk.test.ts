/** Normalisation and chunking: properties over generated English and Spanish text, and edge cases. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, normalizeText, segmentsIn } from './chunk';

const ENGLISH = [
  'Admissions open in March for the next school year.',
  'Families can visit the campus on Fridays between nine and noon.',
  'The fee covers tuition, books and the school bus.',
  'Scholarships are available for students with excellent grades.',
  'Our teachers hold degrees in education and speak two languages.',
  'Is there a waiting list when a year group is full?',
];
const SPANISH = [
  'Las inscripciones abren en marzo para el próximo año escolar.',
  '¿Cuánto cuesta la matrícula en cada nivel y jornada?',
  'Las familias pueden visitar el colegio los viernes por la mañana.',
  '¡El transporte escolar cubre toda la ciudad!',
  'Ofrecemos becas a estudiantes con un excelente desempeño académico.',
  'El comedor sirve almuerzos balanceados y opciones vegetarianas.',
];

/** The sentence with a number before its final mark: "… school year 7." */
const numbered = (sentence: string, n: number) => `${sentence.slice(0, -1)} ${n}${sentence.slice(-1)}`;

/**
 * A document of paragraphs (blank lines between) of random sentences, each numbered so that every
 * passage can be found at exactly one place in the source.
 */
const documentOf = (pool: string[]) =>
  fc
    .array(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 40 }), {
      minLength: 1,
      maxLength: 12,
    })
    .map((paragraphs) => {
      let n = 0;
      return paragraphs.map((sentences) => sentences.map((s) => numbered(s, n++)).join(' ')).join('\n\n');
    });
const options = fc.record({
  target: fc.integer({ min: 80, max: 900 }),
  extra: fc.integer({ min: 0, max: 600 }),
  overlap: fc.integer({ min: 0, max: 200 }),
});

/** Words joined by single spaces: what must survive chunking (whitespace may change). */
const flat = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');

/**
 * Checks the chunking properties: each chunk within `max` and made of whole words of the source,
 * chunks in order with no gap and covering every word, consecutive chunks sharing words (at most
 * `overlap` characters) when an overlap was asked for and fits between target and max.
 */
function checkChunks(
  text: string,
  chunks: string[],
  options: { target: number; max: number; overlap: number },
): void {
  const source = flat(text);
  const overlapFits = Math.min(options.overlap, options.max - options.target - 2) >= 20;
  let covered = 0;
  let previousStart = -1;
  for (const [index, chunk] of chunks.entries()) {
    expect(chunk.length).toBeLessThanOrEqual(options.max);
    expect(chunk).toBe(chunk.trim());
    const body = flat(chunk);
    const start = source.indexOf(body);
    expect(start, `chunk not in the source: ${chunk.slice(0, 60)}`).toBeGreaterThanOrEqual(0);
    const end = start + body.length;
    // Whole words: a space (or the text's edge) on both sides.
    expect(start === 0 || source[start - 1] === ' ').toBe(true);
    expect(end === source.length || source[end] === ' ').toBe(true);
    // In order, with no gap after what the chunks before covered.
    expect(start).toBeGreaterThan(previousStart);
    expect(start).toBeLessThanOrEqual(index === 0 ? 0 : covered + 1);
    expect(covered - start).toBeLessThanOrEqual(Math.max(0, options.overlap));
    if (index > 0 && overlapFits) expect(start, 'no overlap').toBeLessThan(covered);
    covered = end;
    previousStart = start;
  }
  expect(covered).toBe(source.length);
}

describe('chunkText', () => {
  for (const [language, pool] of [
    ['English', ENGLISH],
    ['Spanish', SPANISH],
  ] as const) {
    it(`keeps every word, cuts only between words, stays within max (${language})`, () => {
      fc.assert(
        fc.property(documentOf(pool), options, (text, { target, extra, overlap }) => {
          const max = target + extra;
          checkChunks(text, chunkText(text, { target, max, overlap }), { target, max, overlap });
        }),
        { numRuns: 150 },
      );
    });
  }

  it('repeats the end of the previous passage at the start of the next', () => {
    const text = Array.from({ length: 60 }, (_, i) => numbered(ENGLISH[i % ENGLISH.length]!, i)).join(' ');
    const chunks = chunkText(text, { target: 400, max: 600, overlap: 120 });
    expect(chunks.length).toBeGreaterThan(6);
    for (let i = 1; i < chunks.length; i++) {
      // Each passage opens with whole sentences (at most 120 characters) that end the one before.
      const next = chunks[i]!;
      const shared = [...next.matchAll(/[.?] /g)]
        .map((match) => next.slice(0, match.index + 1))
        .filter((head) => chunks[i - 1]!.endsWith(head))
        .pop();
      expect(shared, `no overlap before: ${next.slice(0, 60)}`).toBeDefined();
      expect(shared!.length).toBeGreaterThan(40);
      expect(shared!.length).toBeLessThanOrEqual(120);
      expect(shared).toMatch(/^[A-Z]/);
    }
  });

  it('uses the defaults: about 800 characters, never over 1200, sentences kept whole', () => {
    const text = Array.from({ length: 40 }, () => SPANISH.join(' ')).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(15);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1200);
      expect(chunk.length).toBeGreaterThan(400);
      expect(SPANISH.some((sentence) => chunk.endsWith(sentence))).toBe(true);
    }
  });

  it('keeps short paragraphs together and separated by a blank line', () => {
    expect(chunkText('Apple\n\nBanana')).toEqual(['Apple\n\nBanana']);
    expect(chunkText('One.\n\nTwo.\n\nThree.', { target: 10, max: 12, overlap: 0 })).toEqual([
      'One.\n\nTwo.',
      'Three.',
    ]);
  });

  it('copes with a 2 MB sentence without a single full stop', () => {
    const chunks = chunkText('palabra '.repeat(250_000));
    expect(chunks.length).toBeGreaterThan(2000);
    expect(chunks.every((chunk) => chunk.length <= 1200 && /^palabra( palabra)*$/.test(chunk))).toBe(true);
  });

  it('returns nothing for empty or blank text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\n \t ')).toEqual([]);
  });

  it('cuts text without spaces on word boundaries, and only an over-long token inside', () => {
    const chinese = '学校的招生从三月开始。'.repeat(200);
    const chunks = chunkText(chinese, { target: 100, max: 150, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(150);
    expect(chunks.map((c) => c.replace(/\s/g, '')).join('')).toContain('学校的招生从三月开始。'.repeat(5));

    const token = 'x'.repeat(2500);
    const pieces = chunkText(`before ${token} after`, { target: 800, max: 1200, overlap: 0 });
    expect(pieces.every((piece) => piece.length <= 800)).toBe(true);
    expect(pieces.join('').replace(/\s/g, '')).toBe(`before${token}after`);
  });
});

describe('normalizeText', () => {
  it('applies NFKC, drops controls and invisible characters, and tidies whitespace', () => {
    expect(normalizeText('The \uFB01rst paragraph.')).toBe('The first paragraph.');
    expect(normalizeText('\uFEFFa\u00A0b\u200B\u00ADc\u0000d\u0007')).toBe('a bcd');
    expect(normalizeText('  one \t two\r\nthree\r\n\r\n\r\n\r\nfour  ')).toBe('one two\nthree\n\nfour');
    expect(normalizeText('page one\fpage two')).toBe('page one\n\npage two');
    // Composed and decomposed accents end up the same.
    expect(normalizeText('jalape\u006E\u0303o déjà')).toBe('jalapeño déjà');
    // Joiners matter in some scripts and stay.
    expect(normalizeText('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const once = normalizeText(text);
        expect(normalizeText(once)).toBe(once);
      }),
    );
  });
});

describe('segmentsIn', () => {
  const cases: [string, Intl.Segmenter][] = [
    ['sentence', new Intl.Segmenter('und', { granularity: 'sentence' })],
    ['word', new Intl.Segmenter('und', { granularity: 'word' })],
    ['grapheme', new Intl.Segmenter('und', { granularity: 'grapheme' })],
  ];
  const piece = fc.constantFrom(
    'Hola. ',
    '¿Qué tal? ',
    'x',
    'y'.repeat(700),
    '漢字。',
    '👩‍👩‍👧',
    'é',
    '\n\n',
    ' ',
    'Dr. Smith went home. ',
  );

  it('finds the segments the segmenter finds in the whole text, windows and all (property)', () => {
    for (const [name, segmenter] of cases) {
      fc.assert(
        fc.property(
          fc.array(piece, { maxLength: 400 }).map((parts) => parts.join('')),
          (text) => {
            const whole = [...segmenter.segment(text)].map(({ segment, index }) => ({ segment, index }));
            expect([...segmentsIn(text, segmenter)], name).toEqual(whole);
          },
        ),
        { numRuns: 30 },
      );
    }
  });
});
