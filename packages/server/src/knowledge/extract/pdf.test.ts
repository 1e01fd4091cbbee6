/**
 * PDFs generated here: a 100-page text document (speed, page order, paragraphs) and a content
 * stream that inflates to half a gigabyte (memory outside the V8 heap).
 */
import { createDeflate, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract';

/** A minimal PDF: one Helvetica content stream per page, each given as lines of text. */
function makePdf(pages: { lines: string[] }[], filter?: (stream: Buffer) => Buffer): Uint8Array<ArrayBuffer> {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body) + 1; // numbered after the catalog (1)
  const fontId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  const pagesId = objects.length + 2 + pages.length * 2;
  for (const page of pages) {
    const text = page.lines
      .map(
        (line, index) => `BT /F1 11 Tf 72 ${760 - index * 14} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`,
      )
      .join('\n');
    const raw = Buffer.from(text, 'latin1');
    const data = filter ? filter(raw) : raw;
    const contentId = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length}${filter ? ' /Filter /FlateDecode' : ''} >>\nstream\n`),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
      ),
    );
  }
  expect(
    add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`),
  ).toBe(pagesId);
  const all = [`<< /Type /Catalog /Pages ${pagesId} 0 R >>`, ...objects];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  all.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${all.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}

/** Deflates `mib` MiB of spaces, then `tail`, a MiB at a time (the whole is never in memory). */
async function deflateAfterSpaces(mib: number, tail: Buffer): Promise<Buffer> {
  const deflate = createDeflate({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(tail, () => resolve(null)));
  return Buffer.concat(out);
}

const SENTENCES = [
  'Admissions for the next school year open in March and close in June.',
  'Las familias pueden visitar el colegio los viernes por la mañana.',
  'Tuition covers books, meals and the school bus within the city.',
];

describe('PDF extraction', () => {
  it('reads a 100-page text PDF in a few seconds, pages in order, paragraphs apart', async () => {
    const pages = Array.from({ length: 100 }, (_, page) => ({
      lines: Array.from(
        { length: 45 },
        (_, line) => `Page ${page + 1} line ${line + 1}: ${SENTENCES[line % 3]}`,
      ),
    }));
    const pdf = makePdf(pages, (stream) => deflateSync(stream));
    const started = performance.now();
    const result = await extractText(pdf, 'pdf');
    const seconds = (performance.now() - started) / 1000;
    if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
    expect(result.pages).toBe(100);
    expect(result.text).toContain(
      'Page 1 line 1: Admissions for the next school year open in March and close in June.',
    );
    expect(result.text).toContain(
      'Page 57 line 20: Las familias pueden visitar el colegio los viernes por la mañana.',
    );
    expect(result.text.indexOf('Page 99 line 45')).toBeGreaterThan(result.text.indexOf('Page 98 line 45'));
    // Lines 14 points apart at 11 points are one paragraph; pages are separated by a blank line.
    expect(result.text).toContain('close in June.\nPage 1 line 2:');
    expect(result.text).toMatch(/Page 1 line 45: [^\n]+\n\nPage 2 line 1:/);
    expect(seconds).toBeLessThan(8);
  });

  it('stops a content stream that inflates past the memory limit: too complex, server memory bounded', async () => {
    // 512 MiB of spaces deflate to about half a megabyte; pdf.js keeps the inflated stream in an
    // ArrayBuffer, outside the worker's V8 heap limit, so the memory watch must catch it.
    const stream = await deflateAfterSpaces(512, Buffer.from('BT /F1 11 Tf 72 700 Td (Hello) Tj ET'));
    const bomb = makePdf([{ lines: [] }], () => stream);
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const result = await extractText(bomb, 'pdf', { maxMemoryMb: 64 });
    clearInterval(sampler);
    expect(result).toMatchObject({
      ok: false,
      reason: 'too_complex',
      detail: expect.stringMatching(/320 MB/),
    });
    // The watch allows 64 MB of heap + 256 MB of overhead; sampling adds some slack.
    expect((peak - before) / (1024 * 1024)).toBeLessThan(450);
  });
});
