/**
 * PDFs made for tests: minimal text documents, and content streams that inflate far beyond their
 * size (decompression bombs).
 */
import { createDeflate } from 'node:zlib';
import { expect } from 'vitest';

/** A minimal PDF: one Helvetica content stream per page, each given as lines of text. */
export function makePdf(
  pages: { lines: string[] }[],
  filter?: (stream: Buffer) => Buffer,
): Uint8Array<ArrayBuffer> {
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
export async function deflateAfterSpaces(mib: number, tail: Buffer): Promise<Buffer> {
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

/** A one-page PDF whose content stream inflates to `mib` MiB of spaces before its text. */
export async function pdfBomb(mib: number): Promise<Uint8Array<ArrayBuffer>> {
  const stream = await deflateAfterSpaces(mib, Buffer.from('BT /F1 11 Tf 72 700 Td (Hello) Tj ET'));
  return makePdf([{ lines: [] }], () => stream);
}
