/**
 * Storage in an S3 bucket or an S3-compatible store (`STORAGE_URL=s3://bucket/prefix`,
 * docs/architecture.md#running-and-configuration). Objects are written whole by the protocol (a
 * PUT, or a multipart upload completed at the end), so readers never see part of one.
 */
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type Storage, StorageError, watchSource } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Put before every key: '' or a folder ending in `/`. */
  prefix: string;
  /** An S3-compatible store's URL (then addressed path-style); null for AWS itself. */
  endpoint: string | null;
  /** null: the SDK's own lookup (AWS_REGION, the shared config); 'us-east-1' with an endpoint. */
  region: string | null;
  /** null: the SDK's own chain (AWS_ACCESS_KEY_ID…, shared files, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

/** Part size of streamed uploads (S3's smallest); at most two parts are held at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/** True when the store says the object is not there (not the bucket: that is a failure). */
const isMissing = (error: unknown) => (error as { name?: string }).name === 'NoSuchKey';

/** An S3 client for these options (also used by tests to look into the bucket). */
export function s3Client(options: Pick<S3StorageOptions, 'endpoint' | 'region' | 'credentials'>): S3Client {
  const { endpoint, region, credentials } = options;
  return new S3Client({
    ...(region ? { region } : endpoint ? { region: 'us-east-1' } : {}),
    ...(credentials ? { credentials } : {}),
    ...(endpoint
      ? {
          endpoint,
          forcePathStyle: true,
          // Many S3-compatible stores do not know the newer default checksums (CRC32 trailers).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    requestHandler: { connectionTimeout: 5_000 },
  });
}

/** Storage in a bucket, every key under `prefix`. */
export function s3Storage(options: S3StorageOptions): Storage {
  const client = s3Client(options);
  const { bucket } = options;
  const objectKey = (key: string) => {
    checkKey(key);
    return `${options.prefix}${key}`;
  };

  return {
    async put(key, bytes) {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentLength: bytes.length }),
        );
      } catch (error) {
        throw new StorageError('write', key, error);
      }
    },
    async putStream(key, source) {
      const Key = objectKey(key);
      const watched = watchSource(source);
      let size = 0;
      const counted = (async function* () {
        for await (const chunk of watched.chunks) {
          size += chunk.length;
          yield chunk;
        }
      })();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: Readable.from(counted, { objectMode: false }) },
        partSize: PART_BYTES,
        queueSize: 1,
        // A failed upload aborts its multipart upload: no parts are left behind.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (watched.failure) throw watched.failure.error;
        throw new StorageError('write', key, error);
      }
      if (watched.failure) throw watched.failure.error;
      return { size };
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!answer.Body) return new Uint8Array();
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageError('read', key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        // Deleting a missing object succeeds in S3.
        throw new StorageError('delete', key, error);
      }
    },
  };
}
