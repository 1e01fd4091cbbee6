import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateBounded, isGzip } from './inflate';

describe('inflateBounded', () => {
  it('decompresses gzip within the bound', async () => {
    const text = '<urlset><url><loc>https://school.example/a</loc></url></urlset>';
    const gz = gzipSync(text);
    expect(isGzip(gz)).toBe(true);
    const result = await inflateBounded(gz, 1024);
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe(text);
  });

  it('refuses a gzip bomb: a few KB that inflate past the bound', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const used = process.memoryUsage().arrayBuffers;
    expect(await inflateBounded(bomb, 5 * 1024 * 1024)).toEqual({ ok: false, reason: 'too_large' });
    // Never held whole: far less than the 64 MB it would inflate to.
    expect(process.memoryUsage().arrayBuffers - used).toBeLessThan(32 * 1024 * 1024);
  });

  it('says when bytes are not gzip', async () => {
    expect(isGzip(new TextEncoder().encode('<urlset/>'))).toBe(false);
    expect(await inflateBounded(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), 1024)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });
});
