import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStorageKey, localStorage } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'conversa-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = localStorage(root);

  it('puts, gets, replaces and deletes bytes by key', async () => {
    const key = 'files/1/2/3f2a9c1e-0000-4000-8000-000000000001';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new TextEncoder().encode('first'));
    expect(new TextDecoder().decode((await storage.get(key))!)).toBe('first');
    await storage.put(key, new TextEncoder().encode('second'));
    expect(new TextDecoder().decode((await storage.get(key))!)).toBe('second');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // missing is fine
  });

  it('writes through a temporary file renamed into place, leaving no temporary behind', async () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(7);
    await Promise.all(Array.from({ length: 5 }, (_, i) => storage.put(`logos/a${i}.png`, big)));
    const names = readdirSync(path.join(root, 'logos')).sort();
    expect(names).toEqual(['a0.png', 'a1.png', 'a2.png', 'a3.png', 'a4.png']);
    expect((await storage.get('logos/a3.png'))!.length).toBe(big.length);
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
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
    }
    expect(readdirSync(root).sort()).toEqual(['files', 'logos']);
  });
});
