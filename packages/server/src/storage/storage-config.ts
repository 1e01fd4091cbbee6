/**
 * Which store a process uses (docs/architecture.md#running-and-configuration): the local folder
 * `DATA_DIR/files` by default, a bucket with `STORAGE_URL=s3://bucket/prefix`. Region,
 * credentials and endpoint come from the usual AWS_* variables.
 */
import path from 'node:path';
import { s3Storage, type S3StorageOptions } from './s3-storage';
import { localStorage, type Storage } from './storage';

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

/** `s3://bucket` or `s3://bucket/prefix…` (S3 bucket naming; prefix segments of safe characters). */
export const STORAGE_URL =
  /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*)?))?$/;

/** The variables this reads, from an environment (or a test's env-like object). */
export type StorageEnv = Partial<
  Record<
    | 'STORAGE_URL'
    | 'AWS_REGION'
    | 'AWS_ACCESS_KEY_ID'
    | 'AWS_SECRET_ACCESS_KEY'
    | 'AWS_SESSION_TOKEN'
    | 'AWS_ENDPOINT_URL',
    string | undefined
  >
>;

/** The store an environment asks for; throws on a malformed STORAGE_URL. */
export function storageSettings(env: StorageEnv, dataDir: string): StorageConfig {
  if (!env.STORAGE_URL) return { kind: 'local', dir: path.join(dataDir, 'files') };
  const match = STORAGE_URL.exec(env.STORAGE_URL);
  if (!match) throw new Error('STORAGE_URL must be s3://bucket or s3://bucket/prefix');
  const folder = match[2] ?? '';
  return {
    kind: 's3',
    bucket: match[1]!,
    prefix: folder === '' || folder.endsWith('/') ? folder : `${folder}/`,
    endpoint: env.AWS_ENDPOINT_URL || null,
    region: env.AWS_REGION || null,
    // Given explicitly only when both are set; otherwise the SDK's own chain finds them.
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : null,
  };
}

/** The store of a configuration. */
export function storageFromConfig(config: StorageConfig): Storage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config.dir);
}

/** The store an environment asks for (another process sharing STORAGE_URL, a test). */
export function storageFromEnv(env: StorageEnv, dataDir: string): Storage {
  return storageFromConfig(storageSettings(env, dataDir));
}
