/**
 * A real S3-protocol server for tests (s3rver, on a free port, objects in a temporary folder):
 * the S3 store is tested against it, and processes share it through `env` (STORAGE_URL and the
 * AWS_* variables) as they would share a bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from '../storage/s3-storage';
import type { StorageEnv } from '../storage/storage-config';

export interface S3rverHandle {
  /** `http://127.0.0.1:{port}`. */
  endpoint: string;
  bucket: string;
  /** The folder keys go under ('' or ending in `/`). */
  prefix: string;
  /** STORAGE_URL, AWS_ENDPOINT_URL, AWS_REGION and credentials for this bucket and prefix. */
  env: Required<
    Pick<
      StorageEnv,
      'STORAGE_URL' | 'AWS_ENDPOINT_URL' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'
    >
  >;
  /** Every object key in the bucket (prefix included), sorted. */
  keys(): Promise<string[]>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Starts s3rver with one empty bucket. */
export async function startS3rver(options: { bucket?: string; prefix?: string } = {}): Promise<S3rverHandle> {
  const bucket = options.bucket ?? 'conversa-test';
  const prefix = options.prefix ?? 'uploads/';
  // Loaded here, not by every test that imports the testing helpers.
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'conversa-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver checks signatures against its own fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = s3Client({ endpoint, region: 'us-east-1', credentials });
  return {
    endpoint,
    bucket,
    prefix,
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
