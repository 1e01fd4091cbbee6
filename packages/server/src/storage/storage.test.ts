import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type S3rverHandle, startS3rver } from '../testing/s3rver';
import { s3Storage } from './s3-storage';
import { storageFromEnv, storageSettings } from './storage-config';
import { isStorageKey, localStorage, type Storage, StorageError } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'conversa-storage-'));
let s3: S3rverHandle;
beforeAll(async () => {
  s3 = await startS3rver({ prefix: 'tenant-a/' });
});
afterAll(async () => {
  await s3.stop();
  rmSync(root, { recursive: true, force: true });
});

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);
const encode = (value: string) => new TextEncoder().encode(value);

/** `count` chunks of `size` bytes, each filled with its index, produced one at a time. */
async function* chunks(count: number, size: number, pause = 0): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    yield new Uint8Array(size).fill(i % 251);
  }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const stores: [string, () => Storage][] = [
  ['local disk', () => localStorage(root)],
  ['S3 (s3rver)', () => storageFromEnv(s3.env, root)],
];

describe.each(stores)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('puts, gets, replaces and deletes bytes by key; a missing key is null, deleting it is fine', async () => {
    const key = 'files/1/2/3f2a9c1e-0000-4000-8000-000000000001';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, encode('first'));
    expect(text(await storage.get(key))).toBe('first');
    await storage.put(key, encode('second'));
    expect(text(await storage.get(key))).toBe('second');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await storage.put('empty', new Uint8Array());
    expect(await storage.get('empty')).toEqual(new Uint8Array());
    await storage.delete('empty');
  });

  it('streams several MB in small chunks, answering the size, and reads them back whole', async () => {
    const key = 'files/1/2/streamed';
    const { size } = await storage.putStream(key, chunks(200, 64 * 1024));
    expect(size).toBe(200 * 64 * 1024);
    const back = (await storage.get(key))!;
    expect(back.length).toBe(size);
    for (const i of [0, 1, 80, 199]) expect(back[i * 64 * 1024 + 5]).toBe(i % 251);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('replaces atomically: while a stream is written, readers see the old bytes whole', async () => {
    const key = 'logos/replaced.png';
    await storage.put(key, encode('old'));
    const writing = storage.putStream(key, chunks(8, 1024, 20));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(text(await storage.get(key))).toBe('old');
    await writing;
    expect((await storage.get(key))!.length).toBe(8 * 1024);
    await storage.delete(key);
  });

  it("fails with the source's own error when the source fails, storing nothing", async () => {
    const key = 'files/1/2/cut-off';
    async function* failing() {
      yield* chunks(3, 64 * 1024);
      throw new Error('client went away');
    }
    const error = await storage.putStream(key, failing()).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StorageError);
    expect((error as Error).message).toBe('client went away');
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys that could leave its folder or are not ours', async () => {
    for (const key of [
      '../jwt-secret',
      'files/../../x',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/./b',
      'a\\b',
      '',
      'ñ',
    ]) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow('invalid storage key');
      await expect(storage.putStream(key, chunks(1, 1))).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('local storage', () => {
  it('writes through a temporary file renamed into place, leaving no temporary behind', async () => {
    const storage = localStorage(root);
    const big = new Uint8Array(3 * 1024 * 1024).fill(7);
    await Promise.all(Array.from({ length: 5 }, (_, i) => storage.put(`logos/a${i}.png`, big)));
    await storage.putStream('logos/b.png', chunks(3, 1024));
    await storage
      .putStream(
        'logos/c.png',
        (async function* () {
          yield* chunks(1, 10);
          throw new Error('cut');
        })(),
      )
      .catch(() => undefined);
    const names = readdirSync(path.join(root, 'logos')).sort();
    expect(names).toEqual(['a0.png', 'a1.png', 'a2.png', 'a3.png', 'a4.png', 'b.png']);
    expect((await storage.get('logos/a3.png'))!.length).toBe(big.length);
  });

  it('fails with a StorageError when its folder cannot be written', async () => {
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const storage = localStorage(blocked);
    await expect(storage.put('a', encode('x'))).rejects.toBeInstanceOf(StorageError);
    await expect(storage.putStream('a', chunks(2, 10))).rejects.toBeInstanceOf(StorageError);
    await expect(storage.get('a')).rejects.toBeInstanceOf(StorageError);
    chmodSync(blocked, 0o600);
  });
});

describe('S3 storage', () => {
  it('keeps every object under its prefix, so stores can share a bucket', async () => {
    const storage = storageFromEnv(s3.env, root);
    const other = storageFromEnv({ ...s3.env, STORAGE_URL: `s3://${s3.bucket}/tenant-b` }, root);
    await storage.put('logos/x.png', encode('a'));
    await other.put('logos/x.png', encode('b'));
    expect(await s3.keys()).toEqual(['tenant-a/logos/x.png', 'tenant-b/logos/x.png']);
    expect(text(await storage.get('logos/x.png'))).toBe('a');
    await storage.delete('logos/x.png');
    await other.delete('logos/x.png');
    expect(await s3.keys()).toEqual([]);
  });

  it('fails with a StorageError when the store cannot be reached or the bucket is missing', async () => {
    const down = storageFromEnv(
      { ...s3.env, AWS_ENDPOINT_URL: `http://127.0.0.1:${await closedPort()}` },
      root,
    );
    await expect(down.put('a', encode('x'))).rejects.toBeInstanceOf(StorageError);
    await expect(down.putStream('a', chunks(2, 10))).rejects.toBeInstanceOf(StorageError);
    await expect(down.get('a')).rejects.toBeInstanceOf(StorageError);
    await expect(down.delete('a')).rejects.toBeInstanceOf(StorageError);
    const settings = storageSettings(s3.env, root);
    if (settings.kind !== 's3') throw new Error('expected S3 settings');
    const noBucket = s3Storage({ ...settings, bucket: 'no-such-bucket' });
    await expect(noBucket.get('a')).rejects.toBeInstanceOf(StorageError);
    await expect(noBucket.putStream('a', chunks(2, 10))).rejects.toBeInstanceOf(StorageError);
  });

  it('reads STORAGE_URL and AWS_* into settings: local by default, path-style S3 with an endpoint', () => {
    expect(storageSettings({}, '/data')).toEqual({ kind: 'local', dir: path.join('/data', 'files') });
    expect(storageSettings({ STORAGE_URL: 's3://my-bucket' }, '/data')).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: '',
      endpoint: null,
      region: null,
      credentials: null,
    });
    expect(storageSettings({ ...s3.env, STORAGE_URL: 's3://my-bucket/a/b' }, '/data')).toMatchObject({
      bucket: 'my-bucket',
      prefix: 'a/b/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // The server's configuration checks the same at start.
    const env = { DATA_DIR: root, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).storage).toEqual({ kind: 'local', dir: path.join(root, 'files') });
    expect(loadConfig({ ...env, STORAGE_URL: '' }).storage.kind).toBe('local');
    expect(loadConfig({ ...env, ...s3.env }).storage).toMatchObject({ kind: 's3', prefix: 'tenant-a/' });
    expect(() => loadConfig({ ...env, STORAGE_URL: 's3:/x' })).toThrow('STORAGE_URL must be');
    expect(() => loadConfig({ ...env, ...s3.env, AWS_ENDPOINT_URL: 'nowhere' })).toThrow('AWS_ENDPOINT_URL');
    for (const url of ['s3://', 's3://A_B', 'http://bucket/x', 's3://bucket//x', 's3://bucket/../x']) {
      expect(() => storageSettings({ STORAGE_URL: url }, '/data'), url).toThrow('STORAGE_URL');
    }
  });
});
