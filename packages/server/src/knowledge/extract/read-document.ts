/**
 * Reading one document in the current process: the parser for its type, then normalised text and
 * the size limits. The extraction child runs this for each document (extract.child.ts); tests of
 * what the parsers make of real documents call it directly.
 */
import { normalizeText } from '../text/chunk';
import { extractDocx, loadMammoth } from './docx';
import type { ExtractRequest, ExtractResult } from './types';
import { extractPdf, loadPdfJs } from './pdf';
import { extractTxt } from './txt';

/** The outcome of a document a parser threw on: damaged. */
export const unreadable = (error: unknown): ExtractResult => ({
  ok: false,
  reason: 'corrupt',
  detail: `unreadable: ${error instanceof Error ? error.message : String(error)}`,
});

/** The document's text, or why there is none; never throws for bad input. */
export async function readDocument({ bytes, type, limits }: ExtractRequest): Promise<ExtractResult> {
  let raw: ExtractResult;
  try {
    raw =
      type === 'pdf'
        ? await extractPdf(bytes, limits)
        : type === 'docx'
          ? await extractDocx(bytes, limits)
          : extractTxt(bytes);
  } catch (error) {
    return unreadable(error);
  }
  if (!raw.ok) return raw;
  const text = normalizeText(raw.text);
  if (!text) return { ok: false, reason: 'empty', detail: 'the document has no text' };
  if (text.length > limits.maxChars) {
    return { ok: false, reason: 'too_large', detail: `${text.length} characters (limit ${limits.maxChars})` };
  }
  return { ok: true, text, pages: raw.pages };
}

/** Loads both parsers (a spare does this before its document arrives). */
export async function loadParsers(): Promise<void> {
  await Promise.all([loadPdfJs(), loadMammoth()]);
}
