/**
 * What the parsers make of every shared document (outcomes per their README.txt and the golden
 * `*.expected.md` outputs), of text encodings, and the page and text limits, read in this process;
 * then the same reading through the real child process, and its time and heap limits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { FileType } from '@conversa/contract/knowledge';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../testing/fixtures-dir';
import { normalizeText } from '../text/chunk';
import { DEFAULT_EXTRACT_LIMITS, extractText, type ExtractLimits, type ExtractResult } from './extract';
import { readDocument } from './read-document';
import { sniffFileType } from './sniff';

type Expectation =
  | { outcome: 'ok'; pages: number | null; exact?: string; phrases?: (string | RegExp)[] }
  | { outcome: Exclude<ExtractResult, { ok: true }>['reason'] };

/** What each shared document must give (README.txt in the fixtures folder says why). */
const DOCUMENTS: Record<string, Expectation> = {
  'pdfjs_two_paragraphs_plain.pdf': {
    outcome: 'ok',
    pages: 1,
    // The "fi" ligature (U+FB01) comes out as two letters after NFKC.
    exact: 'The first paragraph.\n\nThe second paragraph.',
  },
  'pdfjs_french_diacritics.pdf': {
    outcome: 'ok',
    pages: 1,
    phrases: ['à À â Â ä Ä ç Ç é É è È ê Ê ë Ë î Î ï Ï ô Ô ù Ù û Û ü Ü'],
  },
  // Presentation forms become plain Arabic letters (NFKC); the order is pdf.js's business.
  'pdfjs_arabic_rtl.pdf': { outcome: 'ok', pages: 1, phrases: [/\p{Script=Arabic}{4,}/u] },
  'pdfjs_image_only_no_text.pdf': { outcome: 'no_text_layer' },
  'pdfjs_empty_page.pdf': { outcome: 'empty' },
  'pdfjs_encrypted_userpw_abc.pdf': { outcome: 'encrypted' },
  // Encrypted with an empty user password: it opens without asking (permissions only), so it is
  // judged by its content like any other PDF. It has none.
  'pdfjs_encrypted_ownerpw_only.pdf': { outcome: 'empty' },
  // A broken xref that pdf.js rebuilds: the text is there.
  'pdfjs_corrupt_xref_missing.pdf': { outcome: 'ok', pages: 1, exact: 'Reduced test-case' },
  // Rebuilt too, but nothing readable remains: damaged, not merely empty.
  'pdfjs_fuzzed_ghostscript.pdf': { outcome: 'corrupt' },
  'multilingual_es_ar_he_zh_2pages.pdf': {
    outcome: 'ok',
    pages: 2,
    phrases: ['¡Hola! ¿Cómo estás?', 'Привет', '你好 世界', 'こんにちは', 'Infinity: ∞'],
  },
  'latin_diacritics_1page.pdf': {
    outcome: 'ok',
    pages: 1,
    phrases: ['façade', 'déjà vu', 'naïve coöperation', 'jalapeño'],
  },
  'three_pages_two_empty.pdf': {
    outcome: 'ok',
    pages: 3,
    exact: 'test pdf file with 3 pages total and 2 empty pages',
  },
  'mammoth_simple_list.docx': { outcome: 'ok', pages: null, exact: 'Apple\n\nBanana' },
  // Row by row, cells of a row on one line.
  'mammoth_tables.docx': {
    outcome: 'ok',
    pages: null,
    exact: 'Above\n\nTop left | Top right\n\nBottom left | Bottom right\n\nBelow',
  },
  'mammoth_utf8_bom.docx': { outcome: 'ok', pages: null, exact: 'This XML has a byte order mark.' },
  'mammoth_empty.docx': { outcome: 'empty' },
  'table_multilingual_rtl.docx': {
    outcome: 'ok',
    pages: null,
    phrases: [
      'Español | El rápido zorro marrón salta sobre el perro perezoso. | LTR',
      /العربية \| .+ \| RTL/,
      /עברית \| .+ \| RTL/,
    ],
  },
};

/**
 * Reads a document in this process, as the child does, with the default limits or these. On a
 * copy of the bytes: pdf.js takes the buffer it is given, as the child may (it has its own copy).
 */
const read = (bytes: Uint8Array, type: FileType, limits: Partial<ExtractLimits> = {}) =>
  readDocument({ bytes: bytes.slice(), type, limits: { ...DEFAULT_EXTRACT_LIMITS, ...limits } });

function fixture(name: string): { bytes: Uint8Array; type: FileType } {
  const bytes = readFixture('documents', name);
  const type = sniffFileType(bytes, name);
  expect(type, name).not.toBeNull();
  return { bytes, type: type! };
}

async function extractFixture(name: string): Promise<ExtractResult> {
  const { bytes, type } = fixture(name);
  return read(bytes, type);
}

/**
 * The golden output's lines (front matter and table rules left out, table rows as "a | b | c"),
 * normalised like extracted text. RTL runs are stored there in visual order; pdf.js gives logical
 * order, so for PDFs they are reversed back.
 */
function goldenLines(name: string, reverseRtl: boolean): string[] {
  const body = readFileSync(fixturePath('documents', name), 'utf8').split(/^---$/m)[2] ?? '';
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^\|( ?-+ ?\|)+$/.test(line))
    .map((line) =>
      line.startsWith('|')
        ? line
            .slice(1, -1)
            .split('|')
            .map((cell) => cell.trim())
            .join(' | ')
        : line,
    )
    .map((line) =>
      reverseRtl
        ? line.replace(
            /[\p{Script=Arabic}\p{Script=Hebrew}][\p{Script=Arabic}\p{Script=Hebrew} ]*/gu,
            (run) => [...run].reverse().join(''),
          )
        : line,
    )
    .map(normalizeText);
}

describe('reading the shared documents', () => {
  it('has an expectation for every document in the folder', () => {
    const documents = readdirSync(fixturePath('documents')).filter((name) => /\.(pdf|docx)$/.test(name));
    expect(documents.sort()).toEqual(Object.keys(DOCUMENTS).sort());
  });

  for (const [name, expected] of Object.entries(DOCUMENTS)) {
    it(`${name} → ${expected.outcome}`, async () => {
      const result = await extractFixture(name);
      if (expected.outcome !== 'ok') {
        expect(result).toMatchObject({ ok: false, reason: expected.outcome });
        return;
      }
      if (!result.ok) throw new Error(`${name}: ${result.reason} (${result.detail})`);
      expect(result.pages).toBe(expected.pages);
      expect(result.text).toBe(normalizeText(result.text));
      if (expected.exact !== undefined) expect(result.text).toBe(expected.exact);
      for (const phrase of expected.phrases ?? []) expect(result.text).toMatch(phrase);
    });
  }

  for (const [name, golden] of [
    ['multilingual_es_ar_he_zh_2pages.pdf', 'multilingual_es_ar_he_zh_2pages.expected.md'],
    ['latin_diacritics_1page.pdf', 'latin_diacritics_1page.expected.md'],
    ['three_pages_two_empty.pdf', 'three_pages_two_empty.expected.md'],
    ['table_multilingual_rtl.docx', 'table_multilingual_rtl.expected.md'],
  ] as const) {
    it(`${name} gives every line of ${golden}`, async () => {
      const result = await extractFixture(name);
      if (!result.ok) throw new Error(`${name}: ${result.reason}`);
      const lines = goldenLines(golden, name.endsWith('.pdf'));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(result.text).toContain(line);
    });
  }
});

describe('reading text files', () => {
  const utf16 = (text: string, bigEndian: boolean) => {
    const bytes = new Uint8Array(2 + text.length * 2);
    const view = new DataView(bytes.buffer);
    view.setUint16(0, 0xfeff, !bigEndian);
    for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), !bigEndian);
    return bytes;
  };

  it('decodes UTF-8 (BOM stripped), UTF-16 by BOM and Latin-1, and normalises', async () => {
    const spanish = '¡Hola! ¿Cómo estás?\r\n\r\n\r\nLa matrícula cierra en marzo.';
    const want = '¡Hola! ¿Cómo estás?\n\nLa matrícula cierra en marzo.';
    const utf8 = new TextEncoder().encode(`\uFEFF${spanish}`);
    expect(await read(utf8, 'txt')).toEqual({ ok: true, text: want, pages: null });
    expect(await read(utf16(spanish, false), 'txt')).toEqual({ ok: true, text: want, pages: null });
    expect(await read(utf16(spanish, true), 'txt')).toEqual({ ok: true, text: want, pages: null });
    const latin1 = new Uint8Array([...'jalape'].map((c) => c.charCodeAt(0)).concat([0xf1, 0x6f]));
    expect(await read(latin1, 'txt')).toEqual({ ok: true, text: 'jalapeño', pages: null });
  });

  it('calls binary content corrupt and blank text empty, and leaves the caller its bytes', async () => {
    const binary = new Uint8Array([0x00, 0x01, 0x02, 0x03]);
    expect(await read(binary, 'txt')).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(binary).toEqual(new Uint8Array([0x00, 0x01, 0x02, 0x03]));
    expect(await read(new TextEncoder().encode(' \n\t\n '), 'txt')).toMatchObject({
      ok: false,
      reason: 'empty',
    });
  });

  it('calls a "docx" that is not a zip, or a cut one, corrupt', async () => {
    expect(await read(new TextEncoder().encode('not a zip'), 'docx')).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
    const cut = readFixture('documents', 'mammoth_tables.docx').subarray(0, 5000);
    expect(await read(cut, 'docx')).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(await read(new TextEncoder().encode('%PDF-1.4 nothing'), 'pdf')).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
  });
});

describe('reading limits', () => {
  it('refuses more pages or more text than allowed as too large', async () => {
    const threePages = readFixture('documents', 'three_pages_two_empty.pdf');
    expect(await read(threePages, 'pdf', { maxPages: 2 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(await read(threePages, 'pdf', { maxPages: 3 })).toMatchObject({ ok: true, pages: 3 });
    const text = new TextEncoder().encode('word '.repeat(1000));
    expect(await read(text, 'txt', { maxChars: 4000 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(await read(text, 'txt', { maxChars: 5000 })).toMatchObject({ ok: true });
    const multilingual = readFixture('documents', 'multilingual_es_ar_he_zh_2pages.pdf');
    expect(await read(multilingual, 'pdf', { maxChars: 100 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });
});

describe('extractText, in a child process', () => {
  it('gives the same text as reading in this process, for a PDF, a DOCX and a text file', async () => {
    for (const name of ['multilingual_es_ar_he_zh_2pages.pdf', 'mammoth_tables.docx']) {
      const { bytes, type } = fixture(name);
      expect(await extractText(bytes, type)).toEqual(await read(bytes, type));
    }
    const text = new TextEncoder().encode('\uFEFFLa matrícula\r\n\r\n\r\ncierra en marzo.');
    expect(await extractText(text, 'txt')).toEqual({
      ok: true,
      text: 'La matrícula\n\ncierra en marzo.',
      pages: null,
    });
  });

  it('calls a damaged document corrupt and the page limit too large, as in this process', async () => {
    expect(await extractText(new TextEncoder().encode('%PDF-1.4 nothing'), 'pdf')).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
    const { bytes } = fixture('three_pages_two_empty.pdf');
    expect(await extractText(bytes, 'pdf', { maxPages: 2 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it('stops a reader that runs out of time or out of heap: too complex', async () => {
    const pdf = readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf');
    expect(await extractText(pdf, 'pdf', { timeoutMs: 1 })).toMatchObject({
      ok: false,
      reason: 'too_complex',
    });
    // 10 MB of text: decoding and normalising it needs far more than a 16 MB heap.
    const big = new TextEncoder().encode('Línea de texto con acentos y la ligadura \uFB01. '.repeat(220_000));
    const result = await extractText(big, 'txt', { maxMemoryMb: 16 });
    expect(result).toMatchObject({ ok: false, reason: 'too_complex' });
    expect(!result.ok && result.detail).toMatch(/heap/);
  });
});
