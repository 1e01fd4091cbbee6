/**
 * Upload type detection by content (docs/architecture.md#knowledge-and-answers): magic bytes decide, the file name's extension only
 * has to agree. Nothing is inflated or parsed beyond a zip's central directory.
 */
import type { FileType } from '@conversa/contract/knowledge';

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
  const sniffer = fileTypeSniffer(name);
  sniffer.push(bytes);
  return sniffer.type();
}

/** Reads at most this much of a zip's end: its central directory and end record. */
const ZIP_TAIL_BYTES = 1024 * 1024;

/**
 * `sniffFileType` for bytes that arrive in chunks (an upload on its way to the store), holding
 * only the first kilobyte and, for a zip, its last megabyte (where the central directory is).
 * Text is checked as it passes.
 */
export function fileTypeSniffer(name: string): { push(chunk: Uint8Array): void; type(): FileType | null } {
  let head: Uint8Array = new Uint8Array(0);
  let kind: 'pdf' | 'zip' | 'text' | null = null;
  let text: TextChecker | null = null;
  const tail = new Tail(ZIP_TAIL_BYTES);

  const decide = () => {
    if (indexOf(head, PDF_MAGIC, PDF_HEADER_WINDOW) >= 0) kind = 'pdf';
    else if (startsWith(head, ZIP_MAGIC)) {
      kind = 'zip';
      tail.push(head);
    } else {
      kind = 'text';
      text = textChecker(head);
    }
  };
  const feed = (chunk: Uint8Array) => {
    if (kind === 'zip') tail.push(chunk);
    else if (kind === 'text') text!.push(chunk);
  };

  return {
    push(chunk) {
      if (chunk.length === 0) return;
      if (kind) return feed(chunk);
      const room = PDF_HEADER_WINDOW - head.length;
      head = concat([head, chunk.subarray(0, room)]);
      if (head.length < PDF_HEADER_WINDOW) return;
      decide();
      if (chunk.length > room) feed(chunk.subarray(room));
    },
    type() {
      if (!kind) decide();
      let type: FileType | null;
      if (kind === 'pdf') type = 'pdf';
      else if (kind === 'zip') type = isDocx(tail.bytes()) ? 'docx' : null;
      else type = text!.end() ? 'txt' : null;
      if (!type) return null;
      const extension = extensionOf(name);
      return extension === null || EXTENSIONS[type].includes(extension) ? type : null;
    },
  };
}

/** The last `size` bytes seen (or a little more), without copying every chunk. */
class Tail {
  private chunks: Uint8Array[] = [];
  private total = 0;
  constructor(private readonly size: number) {}
  push(chunk: Uint8Array) {
    this.chunks.push(chunk);
    this.total += chunk.length;
    while (this.chunks.length > 1 && this.total - this.chunks[0]!.length >= this.size) {
      this.total -= this.chunks.shift()!.length;
    }
  }
  bytes(): Uint8Array {
    return concat(this.chunks);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

interface TextChecker {
  push(chunk: Uint8Array): void;
  /** True when everything pushed is text. */
  end(): boolean;
}

/**
 * Whether bytes are text as `decodeText` judges them, checked as they pass: with a BOM, strict
 * UTF-8 or UTF-16; without one, any C0 control byte other than text's own makes them binary (in
 * UTF-8 and in Latin-1 alike those bytes are those characters, so the fallback needs no second pass).
 */
function textChecker(head: Uint8Array): TextChecker {
  const encoding = startsWith(head, UTF8_BOM)
    ? { label: 'utf-8', skip: 3 }
    : startsWith(head, UTF16LE_BOM)
      ? { label: 'utf-16le', skip: 2 }
      : startsWith(head, UTF16BE_BOM)
        ? { label: 'utf-16be', skip: 2 }
        : null;
  const decoder = encoding ? new TextDecoder(encoding.label, { fatal: true }) : null;
  let ok = true;
  const check = (chunk: Uint8Array, final = false) => {
    if (!ok) return;
    if (!decoder) {
      ok = !chunk.some(isBinaryByte);
      return;
    }
    try {
      ok = !BINARY.test(decoder.decode(chunk, { stream: !final }));
    } catch {
      ok = false;
    }
  };
  check(encoding ? head.subarray(encoding.skip) : head);
  return {
    push: (chunk) => check(chunk),
    end() {
      check(new Uint8Array(0), true);
      return ok;
    },
  };
}

const isBinaryByte = (byte: number) =>
  byte <= 0x08 || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);

/** Lowercase extension, or null when the name has none. */
function extensionOf(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : null;
}

const END_RECORD = 0x06054b50; // PK\5\6
const DIRECTORY_ENTRY = 0x02014b50; // PK\1\2

/**
 * Whether a zip lists word/document.xml, read from its end alone (the end record and the central
 * directory before it), so that the file need not be held whole; nothing is inflated. Zip64
 * archives (over 4 GB or 65535 entries) are not Word documents we take.
 */
function isDocx(tail: Uint8Array): boolean {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const wanted = DOCX_MAIN_PART;
  // The end record is 22 bytes and a comment of at most 65535; the last one found counts.
  for (let end = tail.length - 22; end >= 0 && tail.length - end <= 22 + 0xffff; end--) {
    if (view.getUint32(end, true) !== END_RECORD) continue;
    const entries = view.getUint16(end + 10, true);
    const size = view.getUint32(end + 12, true);
    let at = end - size;
    if (at < 0) return false;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) return false;
      const nameLength = view.getUint16(at + 28, true);
      const name = new TextDecoder('latin1').decode(tail.subarray(at + 46, at + 46 + nameLength));
      if (name === wanted) return true;
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return false;
  }
  return false;
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
