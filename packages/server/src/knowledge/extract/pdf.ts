/**
 * PDF text with pdf.js (legacy build, the one meant for Node): page by page, lines rebuilt from the
 * text items and paragraphs from the vertical gaps. Runs inside the extraction child process.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the worker module's types, for packages that compile this file through the test server
/// <reference path="./pdfjs-worker.d.ts" />
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractLimits, ExtractResult } from './types';

type PdfJs = typeof PdfJsModule;
type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

// Fonts that PDFs name without embedding (Helvetica…) and predefined CJK CMaps ship as files in the
// package; pdf.js reads them with fs from these folders (trailing slash required), not over HTTP.
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')) + path.sep;

let loading: Promise<PdfJs> | undefined;
/** pdf.js and its worker code, loaded into this process once (no nested worker). */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // With the worker module already loaded, pdf.js parses in this thread instead of a fake worker.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker =
      await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdfjs;
  })();
  return loading;
}

/** pdf.js prints this warning when the cross-reference table is broken and it rebuilds it. */
const REPAIR_WARNING = 'Indexing all PDF objects';
/** Vertical gap, in line heights, above which a new line starts a new paragraph. */
const PARAGRAPH_GAP = 1.5;

/** Extracts a PDF's text; the outcome names why there is none (encrypted, scanned, blank, damaged). */
export async function extractPdf(bytes: Uint8Array, limits: ExtractLimits): Promise<ExtractResult> {
  const pdfjs = await loadPdfJs();
  const warnings = captureWarnings();
  const task = pdfjs.getDocument({
    data: bytes,
    cMapUrl: `${PDFJS_DIR}cmaps${path.sep}`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_DIR}standard_fonts${path.sep}`,
    wasmUrl: `${PDFJS_DIR}wasm${path.sep}`,
    // Text only: no font faces, no eval of font programs (CVE-2024-4367), no XFA forms.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.WARNINGS,
  });
  try {
    let document: Awaited<typeof task.promise>;
    try {
      document = await task.promise;
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'PasswordException')
        return { ok: false, reason: 'encrypted', detail: 'the PDF needs a password' };
      return { ok: false, reason: 'corrupt', detail: `pdf.js cannot open it: ${messageOf(error)}` };
    }
    const pages = document.numPages;
    if (pages > limits.maxPages) {
      return { ok: false, reason: 'too_large', detail: `${pages} pages (limit ${limits.maxPages})` };
    }
    const parts: string[] = [];
    let length = 0;
    let failedPages = 0;
    for (let number = 1; number <= pages; number++) {
      try {
        const page = await document.getPage(number);
        const text = pageText(await page.getTextContent());
        page.cleanup();
        parts.push(text);
        length += text.length;
      } catch {
        // One bad page does not sink the rest; if nothing is readable the file counts as damaged.
        failedPages++;
      }
      // Whitespace still to be tidied may shrink the text, but not by half.
      if (length > limits.maxChars * 2) {
        return { ok: false, reason: 'too_large', detail: `more than ${limits.maxChars} characters` };
      }
    }
    const text = parts.filter((part) => part.trim()).join('\n\n');
    if (text.trim()) return { ok: true, text, pages };
    if (failedPages > 0 || warnings.seen(REPAIR_WARNING)) {
      return { ok: false, reason: 'corrupt', detail: 'damaged PDF with no readable text' };
    }
    return (await hasImages(pdfjs, document))
      ? { ok: false, reason: 'no_text_layer', detail: 'the pages are images (scanned?) with no text layer' }
      : { ok: false, reason: 'empty', detail: 'the PDF has no text' };
  } finally {
    warnings.stop();
    await task.destroy();
  }
}

/** Lines from the items' end-of-line marks; a blank line where the gap to the next line is large. */
function pageText(content: TextContent): string {
  let text = '';
  let lineBreak = false;
  let lastY: number | null = null;
  let lastHeight = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = item.transform[5] as number;
    const height = item.height || Math.hypot(item.transform[2] as number, item.transform[3] as number);
    if (lineBreak && item.str) {
      const gap = lastY === null ? 0 : Math.abs(lastY - y);
      text += gap > PARAGRAPH_GAP * Math.max(height, lastHeight) ? '\n\n' : '\n';
      lineBreak = false;
    }
    text += item.str;
    if (item.str) {
      lastY = y;
      lastHeight = height;
    }
    if (item.hasEOL) lineBreak = true;
  }
  return text;
}

const IMAGE_OPERATORS = (pdfjs: PdfJs) =>
  new Set([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
    pdfjs.OPS.paintImageMaskXObjectRepeat,
    pdfjs.OPS.paintImageMaskXObjectGroup,
    pdfjs.OPS.paintInlineImageXObjectGroup,
  ]);

/** Whether any page paints an image; stops at the first (building operator lists decodes images). */
async function hasImages(pdfjs: PdfJs, document: PDFDocumentProxy) {
  const images = IMAGE_OPERATORS(pdfjs);
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const operators = await page.getOperatorList();
    page.cleanup();
    if (operators.fnArray.some((operator) => images.has(operator))) return true;
  }
  return false;
}

/**
 * Collects pdf.js messages while a document is read. pdf.js reports through `console.warn` and
 * `console.log`; this runs in the extraction child, whose output is not the server's log anyway.
 */
function captureWarnings() {
  const seen: string[] = [];
  // eslint-disable-next-line no-console -- pdf.js's channel, captured here, not printed
  const original = { log: console.log, warn: console.warn };
  const record = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
  };
  // eslint-disable-next-line no-console -- as above
  console.log = record;
  console.warn = record;
  return {
    seen: (text: string) => seen.some((line) => line.includes(text)),
    stop: () => Object.assign(console, original),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
