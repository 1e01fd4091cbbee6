/** Plain text files: decoded by BOM, UTF-8 or else Latin-1 (see sniff.ts). Runs inside the extraction child process. */
import type { ExtractResult } from './types';
import { decodeText } from './sniff';

/** Decodes a text file; binary content is `corrupt` (it is not what its name says). */
export function extractTxt(bytes: Uint8Array): ExtractResult {
  const text = decodeText(bytes);
  return text === null
    ? { ok: false, reason: 'corrupt', detail: 'binary content, not text' }
    : { ok: true, text, pages: null };
}
