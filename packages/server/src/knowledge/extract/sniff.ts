/**
 * Upload type detection by content (docs/architecture.md#knowledge-and-answers): magic bytes decide, the file name's extension only
 * has to agree. Nothing is inflated or parsed beyond a zip's central directory.
 */
import type { FileType } from '@conversa/contract/knowledge';
import { unzipSync } from 'fflate';

/** Extensions accepted for each type; a name without an extension is judged by content alone. */
const EXTENSIONS: Record<FileType, readonly string[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  txt: ['txt', 'text', 'md', 'csv'],
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
// pdf.js (like Acrobat) accepts a header preceded by some junk within the first kilobyte.
const PDF_HEADER_WINDOW = 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const DOCX_MAIN_PART = 'word/document.xml';

/**
 * The type by magic bytes (PDF `%PDF-`, DOCX = zip with word/document.xml, TXT = valid UTF-8/UTF-16
 * text without NULs); null when unsupported. The file name's extension is only a hint; a mismatch
 * between content and extension → null.
 */
export function sniffFileType(bytes: Uint8Array, name: string): FileType | null {
  const type = typeByContent(bytes);
  if (!type) return null;
  const extension = extensionOf(name);
  return extension === null || EXTENSIONS[type].includes(extension) ? type : null;
}

function typeByContent(bytes: Uint8Array): FileType | null {
  if (indexOf(bytes, PDF_MAGIC, PDF_HEADER_WINDOW) >= 0) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC)) return isDocx(bytes) ? 'docx' : null;
  return decodeText(bytes) === null ? null : 'txt';
}

/** Lowercase extension, or null when the name has none. */
function extensionOf(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}

/** Lists the zip's central directory (the filter declines every entry, so nothing is inflated). */
function isDocx(bytes: Uint8Array): boolean {
  let found = false;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (file.name === DOCX_MAIN_PART) found = true;
        return false;
      },
    });
  } catch {
    return false;
  }
  return found;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

/**
 * Decodes a text file: UTF-8 (BOM stripped), UTF-16 LE/BE by BOM, else Latin-1 (windows-1252) when
 * the bytes are not valid UTF-8. Null for binary content: NULs or other C0 control characters
 * (tab, line and page breaks, carriage return and escape are text).
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (startsWith(bytes, UTF8_BOM))
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    else if (startsWith(bytes, UTF16LE_BOM))
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (startsWith(bytes, UTF16BE_BOM))
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = decodeUtf8OrLatin1(bytes);
  } catch {
    return null;
  }
  return BINARY.test(text) ? null : text;
}

// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000E-\u001A\u001C-\u001F]/;

function decodeUtf8OrLatin1(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // WHATWG "latin1" is windows-1252, which is what "Latin-1" text files really are.
    return new TextDecoder('latin1').decode(bytes);
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function indexOf(bytes: Uint8Array, needle: readonly number[], window: number): number {
  const end = Math.min(bytes.length, window) - needle.length;
  for (let start = 0; start <= end; start++) {
    if (needle.every((byte, index) => bytes[start + index] === byte)) return start;
  }
  return -1;
}
