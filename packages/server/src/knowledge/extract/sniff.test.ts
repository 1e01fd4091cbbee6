/** Type detection by content on the shared real documents and on generated edge cases. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../../testing/fixtures-dir';
import { decodeText, fileTypeSniffer, sniffFileType } from './sniff';

const documents = () => fixturePath('documents');
const utf16 = (text: string, bigEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2] = bigEndian ? code >> 8 : code & 0xff;
    bytes[3 + i * 2] = bigEndian ? code & 0xff : code >> 8;
  }
  return bytes;
};

describe('sniffFileType', () => {
  it('recognises every shared PDF and DOCX by content, and text files', () => {
    const names = readdirSync(documents());
    expect(names.filter((name) => name.endsWith('.pdf'))).toHaveLength(12);
    for (const name of names) {
      const expected = ({ '.pdf': 'pdf', '.docx': 'docx', '.txt': 'txt', '.md': 'txt' } as const)[
        path.extname(name)
      ];
      expect(sniffFileType(readFixture('documents', name), name), name).toBe(expected);
    }
  });

  it('refuses content whose extension names another type, and judges names without one by content', () => {
    const pdf = readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf');
    const docx = readFixture('documents', 'mammoth_simple_list.docx');
    expect(sniffFileType(pdf, 'report.docx')).toBeNull();
    expect(sniffFileType(pdf, 'report.txt')).toBeNull();
    expect(sniffFileType(docx, 'letter.pdf')).toBeNull();
    expect(sniffFileType(strToU8('hello'), 'notes.pdf')).toBeNull();
    expect(sniffFileType(strToU8('hello'), 'page.html')).toBeNull();
    expect(sniffFileType(pdf, 'REPORT.PDF')).toBe('pdf');
    expect(sniffFileType(pdf, 'report')).toBe('pdf');
    expect(sniffFileType(docx, 'letter')).toBe('docx');
    expect(sniffFileType(strToU8('hello'), 'README')).toBe('txt');
  });

  it('accepts a PDF header after a little junk, but not a zip that is not a Word document', () => {
    const junk = new Uint8Array(600).fill(0x20);
    const pdf = readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf');
    expect(sniffFileType(new Uint8Array([...junk, ...pdf]), 'a.pdf')).toBe('pdf');
    const zip = zipSync({
      'content.xml': strToU8('<x/>'),
      mimetype: strToU8('application/vnd.oasis.opendocument.text'),
    });
    expect(sniffFileType(zip, 'a.docx')).toBeNull();
    expect(sniffFileType(zipSync({ 'word/document.xml': strToU8('<w:document/>') }), 'a.docx')).toBe('docx');
    // A truncated zip, an old binary .doc and a PNG.
    expect(
      sniffFileType(readFixture('documents', 'mammoth_tables.docx').subarray(0, 200), 'a.docx'),
    ).toBeNull();
    expect(
      sniffFileType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'a.doc'),
    ).toBeNull();
    expect(
      sniffFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'a.txt'),
    ).toBeNull();
  });

  it('takes UTF-8, UTF-16 with a BOM and Latin-1 text; not text with NULs', () => {
    expect(sniffFileType(strToU8('¡Hola! ¿Cómo estás?'), 'a.txt')).toBe('txt');
    expect(sniffFileType(utf16('¡Hola!', false), 'a.txt')).toBe('txt');
    expect(sniffFileType(utf16('¡Hola!', true), 'a.txt')).toBe('txt');
    expect(sniffFileType(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'a.txt')).toBe('txt');
    expect(sniffFileType(new Uint8Array([0x61, 0x00, 0x62, 0x00]), 'a.txt')).toBeNull();
    expect(sniffFileType(new Uint8Array(), 'empty.txt')).toBe('txt');
  });
});

/** The type of bytes pushed in pieces cut at `cuts` (as an upload arrives). */
function sniffInPieces(bytes: Uint8Array, name: string, cuts: number[]) {
  const sniffer = fileTypeSniffer(name);
  let at = 0;
  for (const cut of [...cuts.filter((c) => c < bytes.length)].sort((a, b) => a - b)) {
    sniffer.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  sniffer.push(bytes.subarray(at));
  return sniffer.type();
}

describe('fileTypeSniffer (bytes as they arrive)', () => {
  it('judges every shared document the same in pieces of any size as whole', () => {
    for (const name of readdirSync(documents())) {
      const bytes = readFixture('documents', name);
      const whole = sniffFileType(bytes, name);
      for (const size of [1, 7, 1000, 1024, 4096]) {
        const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size);
        expect(sniffInPieces(bytes, name, cuts), `${name} in ${size}`).toBe(whole);
      }
    }
  });

  it('judges text as decodeText does, however the bytes are cut (property)', () => {
    const boms = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]];
    fc.assert(
      fc.property(
        fc.constantFrom(...boms),
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.nat({ max: 3000 }), { maxLength: 8 }),
        (bom, body, cuts) => {
          const bytes = new Uint8Array([...bom, ...body]);
          if (bytes[0] === 0x25 || bytes[0] === 0x50) return; // %PDF / PK: not text's question
          const expected = decodeText(bytes) === null ? null : 'txt';
          expect(sniffFileType(bytes, 'a.txt')).toBe(expected);
          expect(sniffInPieces(bytes, 'a.txt', cuts)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds a large DOCX's central directory in its last megabyte", () => {
    const padding = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7919) % 256);
    const docx = zipSync({
      'word/media/a.bin': [padding, { level: 0 }],
      'word/document.xml': strToU8('<w:document/>'),
    });
    const cuts = Array.from({ length: Math.ceil(docx.length / 65536) }, (_, i) => i * 65536);
    expect(sniffInPieces(docx, 'big.docx', cuts)).toBe('docx');
    const notDocx = zipSync({ 'a.bin': [padding, { level: 0 }], 'b.xml': strToU8('<b/>') });
    expect(sniffInPieces(notDocx, 'big.docx', cuts)).toBeNull();
  });
});

describe('decodeText', () => {
  it('strips the BOM and decodes by it, falling back to Latin-1', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('déjà vu')]))).toBe('déjà vu');
    expect(decodeText(utf16('façade', false))).toBe('façade');
    expect(decodeText(utf16('façade', true))).toBe('façade');
    expect(decodeText(new Uint8Array([0x6a, 0x61, 0x6c, 0x61, 0x70, 0x65, 0xf1, 0x6f]))).toBe('jalapeño');
    expect(decodeText(new Uint8Array([0x01, 0x02]))).toBeNull();
  });
});
