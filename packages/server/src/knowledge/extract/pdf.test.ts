/**
 * PDFs generated here: a 100-page text document (page order, paragraphs; its speed is measured by
 * bench/) and a content
 * stream that inflates to half a gigabyte (memory outside the V8 heap).
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract';
import { makePdf, pdfBomb } from '../../testing/pdf.fixtures';

const SENTENCES = [
  'Admissions for the next school year open in March and close in June.',
  'Las familias pueden visitar el colegio los viernes por la mañana.',
  'Tuition covers books, meals and the school bus within the city.',
];

describe('PDF extraction', () => {
  it('reads a 100-page text PDF, pages in order, paragraphs apart', async () => {
    const pages = Array.from({ length: 100 }, (_, page) => ({
      lines: Array.from(
        { length: 45 },
        (_, line) => `Page ${page + 1} line ${line + 1}: ${SENTENCES[line % 3]}`,
      ),
    }));
    const pdf = makePdf(pages, (stream) => deflateSync(stream));
    const result = await extractText(pdf, 'pdf');
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
  });

  it('stops a content stream that inflates past the memory limit: too complex, the server unmoved', async () => {
    // 512 MiB of spaces deflate to about half a megabyte; pdf.js keeps the inflated stream in an
    // ArrayBuffer, outside the V8 heap limit, so the memory watch must catch it. It grows in the
    // extraction process: this one (the server's) must not grow at all.
    const bomb = await pdfBomb(512);
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
    expect((peak - before) / (1024 * 1024)).toBeLessThan(64);
    // Deflating and inflating half a gigabyte takes a few seconds alone, many on a loaded machine.
  }, 120_000);
});
