/**
 * Streams a `multipart/form-data` upload (busboy) without ever holding the whole body: files of
 * one field are handed over one at a time as streams of their bytes (to go on to the store as
 * they arrive), and the upload is cut off the moment a limit is crossed (a file too large, a body
 * too large): the file's stream then fails. The global
 * JSON body limit does not apply to upload routes (app.ts); these limits replace it there.
 *
 * Bad input is a 4xx, never a 500: no or garbled multipart, no boundary, a truncated body.
 */
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/env';
import { translate } from '../i18n/translate';
import { StorageError } from '../storage/storage';
import { safeFileName } from './file-name';

/** One received file: its cleaned-up name and its bytes as they arrive. */
export interface ReceivedFile {
  name: string;
  /**
   * The bytes, at least one (an empty file is no file); must be read to the end (or fail) before
   * the next file comes. Fails when the file crosses its limit or the upload is cut off.
   */
  chunks: AsyncIterable<Uint8Array>;
}

/** Reads a received file whole (for small files such as logos). */
export async function readAll(file: ReceivedFile): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of file.chunks) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

export interface MultipartOptions {
  /** The form field holding the files; parts of other fields are skipped. */
  field: string;
  /** Largest file accepted, in bytes: one byte more is a 413 naming the file. */
  maxFileBytes: number;
  /** Largest body accepted, in bytes (all parts and their headers). */
  maxBodyBytes: number;
  /** Called for each non-empty file of `field`, in order, one at a time; a throw ends the upload. */
  onFile(file: ReceivedFile): Promise<void>;
}

const MB = 1024 * 1024;

/** A 400 whose issue says the field holds no file. */
export function fileRequired(c: Context<AppEnv>, field: string): ApiError {
  const message = translate(c.get('locale'), 'file_required');
  return new ApiError(400, 'validation_failed', {
    issues: [{ path: field, code: 'file_required', message }],
  });
}

/** A 413 naming the file and the limit in MB. */
export function fileTooLarge(c: Context<AppEnv>, field: string, name: string, maxBytes: number): ApiError {
  const params = { 0: name, limit: Math.round((maxBytes / MB) * 10) / 10 };
  const message = translate(c.get('locale'), 'file_too_large', params);
  return new ApiError(413, 'payload_too_large', {
    issues: [{ path: field, code: 'file_too_large', message }],
    params,
  });
}

/**
 * Reads the request's multipart body. Resolves once every file was handed to `onFile`; rejects
 * with the first `ApiError` (from a limit or from `onFile`) or `StorageError` (from `onFile`),
 * after which nothing more is read.
 */
export async function readMultipart(c: Context<AppEnv>, options: MultipartOptions): Promise<void> {
  const { field, maxFileBytes, maxBodyBytes, onFile } = options;
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError(415, 'unsupported_media_type');
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBodyBytes) throw new ApiError(413, 'payload_too_large');
  const body = c.req.raw.body;
  if (!body) throw fileRequired(c, field);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      // Browsers send UTF-8 names in `filename="…"`; busboy's default reads them as Latin-1.
      defParamCharset: 'utf8',
      // busboy signals `limit` on reaching the size; one byte more means over the limit.
      limits: { fileSize: maxFileBytes + 1, fields: 50, fieldSize: 64 * 1024, parts: 1000, headerPairs: 50 },
    });
  } catch {
    // No boundary, or a content type busboy does not parse.
    throw fileRequired(c, field);
  }

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBodyBytes) callback(new ApiError(413, 'payload_too_large'));
      else callback(null, chunk);
    },
  });
  const source = Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>);

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let current: Readable | null = null;
    let chain = Promise.resolve();

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      current?.destroy();
      source.destroy();
      counter.destroy();
      parser.destroy();
      reject(error instanceof ApiError || error instanceof StorageError ? error : fileRequired(c, field));
    };

    parser.on('file', (name, stream, info) => {
      if (settled || name !== field) {
        stream.resume();
        return;
      }
      const fileName = safeFileName(info.filename ?? '');
      // A file over the limit ends the upload at once, not after reading the rest of it.
      // (After busboy's own bookkeeping of the event: destroying it from inside the emit breaks it.)
      stream.on('limit', () => queueMicrotask(() => fail(fileTooLarge(c, field, fileName, maxFileBytes))));
      stream.on('error', () => undefined);
      chain = chain
        .then(async () => {
          if (settled) {
            stream.resume();
            return;
          }
          current = stream;
          const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          const first = await iterator.next();
          // An empty file input still sends a part (no name, no bytes): that is no file.
          if (first.done || settled) {
            current = null;
            return;
          }
          const tooLarge = () => fileTooLarge(c, field, fileName, maxFileBytes);
          let ended = false;
          async function* chunks(): AsyncGenerator<Uint8Array> {
            yield first.value;
            for (;;) {
              const step = await iterator.next();
              if (step.done) break;
              yield step.value;
            }
            ended = true;
            // Cut at the limit (the `limit` handler may not have run yet): never a whole file.
            if (stream.truncated) throw tooLarge();
            if (settled) throw new Error('upload cut off');
          }
          await onFile({ name: fileName, chunks: chunks() });
          // What `onFile` left unread is skipped, so that the next part can come.
          while (!ended && !settled && !(await iterator.next()).done);
          current = null;
        })
        .catch(fail);
    });
    parser.on('field', () => undefined);
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => queueMicrotask(() => fail(new ApiError(413, 'payload_too_large'))));
    }
    parser.on('error', fail);
    parser.on('finish', () => {
      chain.then(() => {
        if (settled) return;
        settled = true;
        resolve();
      }, fail);
    });
    source.on('error', fail);
    counter.on('error', fail);
    source.pipe(counter).pipe(parser);
  });
}
