/**
 * Zip bomb guard for DOCX (docs/architecture.md#knowledge-and-answers): the central directory's declared sizes are checked before
 * anything is inflated, then every entry is inflated once into nothing, counting bytes, so a header
 * that lies about its size is caught as soon as more comes out than it declared. Only a zip that
 * passes is handed to mammoth, whose own inflating then stays within the declared sizes.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes. */
  maxInflatedBytes: number;
}

export type ZipCheck =
  | { ok: true; entries: number; inflatedBytes: number }
  | { ok: false; reason: 'too_large' | 'corrupt' | 'encrypted'; detail: string };

/** More entries than any real Word document has: a central directory bomb. */
const MAX_ENTRIES = 10_000;
/** Compression ratio above which a large entry is refused (XML compresses 5-20:1; bombs 1000:1). */
const MAX_RATIO = 100;
/** Entries smaller than this may compress as well as they like. */
const RATIO_MIN_BYTES = 1024 * 1024;

/** Checks a zip's declared and actual sizes without keeping what it inflates; never throws. */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipCheck> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      autoClose: false,
      decodeStrings: true,
      strictFileNames: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    return { ok: false, reason: 'corrupt', detail: `not a readable zip: ${message(error)}` };
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) {
      return {
        ok: false,
        reason: 'too_large',
        detail: `${zip.entryCount} zip entries (limit ${MAX_ENTRIES})`,
      };
    }
    // 1. The central directory only: declared sizes and ratios.
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted())
        return { ok: false, reason: 'encrypted', detail: `${entry.fileName} is encrypted` };
      declared += entry.uncompressedSize;
      if (declared > limits.maxInflatedBytes) {
        return {
          ok: false,
          reason: 'too_large',
          detail: `inflates to more than ${limits.maxInflatedBytes} bytes`,
        };
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize >= RATIO_MIN_BYTES && ratio > MAX_RATIO) {
        return {
          ok: false,
          reason: 'too_large',
          detail: `${entry.fileName}: compression ratio ${Math.round(ratio)}:1 (limit ${MAX_RATIO}:1)`,
        };
      }
      entries.push(entry);
    }
    // 2. Inflate each entry into nothing; yauzl fails the stream once it yields more than declared.
    for (const entry of entries) {
      const result = await drain(zip, entry);
      if (result) return result;
    }
    return { ok: true, entries: entries.length, inflatedBytes: declared };
  } catch (error) {
    return { ok: false, reason: 'corrupt', detail: `damaged zip: ${message(error)}` };
  } finally {
    zip.close();
  }
}

async function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<ZipCheck | null> {
  try {
    const stream = await zip.openReadStreamPromise(entry);
    await pipeline(
      stream,
      new Writable({
        write: (_chunk, _encoding, done) => done(),
      }),
    );
    return null;
  } catch (error) {
    const text = message(error);
    return /too many bytes/.test(text)
      ? { ok: false, reason: 'too_large', detail: `${entry.fileName} inflates past its declared size` }
      : { ok: false, reason: 'corrupt', detail: `${entry.fileName}: ${text}` };
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
