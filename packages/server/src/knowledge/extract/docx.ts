/**
 * DOCX text with mammoth, after the zip bomb guard: mammoth reads the document model and this file
 * writes it as plain text: a paragraph (or list item) per block, a table row per line with its cells
 * joined by " | ". Runs inside the extraction child process.
 */
import type Mammoth from 'mammoth';
import type { ExtractLimits, ExtractResult } from './types';
import { checkZip } from './zip-guard';

/** The parts of mammoth's document model (see its README, "Document transforms") read here. */
interface Element {
  type: string;
  children?: Element[];
  value?: string;
  breakType?: string;
}

/** mammoth, loaded on first use (a child reading a PDF need not parse it) or by a warm spare. */
export async function loadMammoth(): Promise<typeof Mammoth> {
  return (await import('mammoth')).default;
}

/** Extracts a Word document's text; refuses zip bombs before mammoth inflates anything. */
export async function extractDocx(bytes: Uint8Array, limits: ExtractLimits): Promise<ExtractResult> {
  const zip = await checkZip(bytes, { maxInflatedBytes: limits.maxInflatedBytes });
  if (!zip.ok) return zip;
  const captured: { body?: Element[] } = {};
  try {
    const mammoth = await loadMammoth();
    await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // Keep the model and hand mammoth an empty body: its HTML is not needed.
        transformDocument: (document: Element) => {
          captured.body = document.children ?? [];
          return { ...document, children: [] };
        },
      },
    );
  } catch (error) {
    return {
      ok: false,
      reason: 'corrupt',
      detail: `mammoth cannot read it: ${error instanceof Error ? error.message : error}`,
    };
  }
  if (!captured.body) return { ok: false, reason: 'corrupt', detail: 'no document body' };
  return { ok: true, text: blocks(captured.body).join('\n\n'), pages: null };
}

/** Block-level text: paragraphs, and tables as one line per row. */
function blocks(elements: Element[]): string[] {
  const out: string[] = [];
  // Loops, not push(...): a long table has more rows than a call has room for arguments.
  const add = (texts: string[]) => {
    for (const text of texts) out.push(text);
  };
  for (const element of elements) {
    if (element.type === 'paragraph') out.push(inline(element));
    else if (element.type === 'table') add(table(element));
    else if (element.children) add(blocks(element.children));
  }
  return out.filter((text) => text.trim());
}

function table(element: Element): string[] {
  return (element.children ?? [])
    .filter((row) => row.type === 'tableRow')
    .map((row) =>
      (row.children ?? []).map((cell) =>
        blocks(cell.children ?? [])
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    )
    .filter((cells) => cells.some(Boolean))
    .map((cells) => cells.join(' | '));
}

/** A paragraph's text: runs, hyperlinks, tabs and line breaks; notes and comments are left out. */
function inline(element: Element): string {
  switch (element.type) {
    case 'text':
      return element.value ?? '';
    case 'tab':
      return '\t';
    case 'break':
      return element.breakType === 'line' ? '\n' : '\n\n';
    case 'table':
      return `\n\n${table(element).join('\n\n')}\n\n`;
    default:
      return (element.children ?? []).map(inline).join('');
  }
}
