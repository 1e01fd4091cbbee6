/**
 * Zip bombs in DOCX clothing, generated here (never stored): refused from the central directory
 * before anything inflates, or as soon as an entry inflates past the size it declared.
 */
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../testing/fixtures-dir';
import { extractText } from './extract';
import { checkZip } from './zip-guard';

const MiB = 1024 * 1024;
const LIMITS = { maxInflatedBytes: 100 * MiB };

/** A DOCX whose word/document.xml is `mib` MiB of repeated paragraphs, deflated as it is made. */
function docxBomb(mib: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const types = new ZipDeflate('[Content_Types].xml');
  zip.add(types);
  types.push(strToU8('<?xml version="1.0"?><Types/>'), true);
  const document = new ZipDeflate('word/document.xml', { level: 9 });
  zip.add(document);
  const paragraphs = strToU8('<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'.repeat(MiB / 64).padEnd(MiB, ' '));
  for (let i = 0; i < mib; i++) document.push(paragraphs.subarray(0, MiB), i === mib - 1);
  zip.end();
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Rewrites an entry's declared uncompressed size, in its local header and the central directory. */
function lieAboutSize(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const nameAt = (offset: number, length: number) =>
    new TextDecoder().decode(out.subarray(offset, offset + length));
  for (let i = 0; i + 46 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50 && nameAt(i + 30, view.getUint16(i + 26, true)) === name) {
      view.setUint32(i + 22, declared, true);
    }
    if (signature === 0x02014b50 && nameAt(i + 46, view.getUint16(i + 28, true)) === name) {
      view.setUint32(i + 24, declared, true);
    }
  }
  return out;
}

describe('zip bomb guard', () => {
  it('refuses a 64 MiB document.xml deflated ~1000:1 before inflating it, with flat memory', async () => {
    const bomb = docxBomb(64);
    expect(bomb.length).toBeLessThan(MiB);
    // A first worker settles what any extraction costs the process (code, isolate); then the bomb.
    expect(await extractText(readFixture('documents', 'mammoth_tables.docx'), 'docx')).toMatchObject({
      ok: true,
    });
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const result = await extractText(bomb, 'docx');
    clearInterval(sampler);
    expect(result).toMatchObject({ ok: false, reason: 'too_large' });
    expect(!result.ok && result.detail).toMatch(/ratio/);
    expect(peak - before).toBeLessThan(100 * MiB);
  });

  it('refuses a zip whose declared sizes add up past the limit', async () => {
    const docx = readFixture('documents', 'mammoth_tables.docx');
    expect(await checkZip(docx, LIMITS)).toMatchObject({ ok: true });
    expect(await checkZip(docx, { maxInflatedBytes: 2000 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(await extractText(docx, 'docx', { maxInflatedBytes: 2000 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it('stops inflating an entry that yields more than its header declared', async () => {
    // 2 MiB of XML declared as 1000 bytes: small enough to pass the ratio check on its face.
    const liar = lieAboutSize(docxBomb(2), 'word/document.xml', 1000);
    expect(await checkZip(liar, LIMITS)).toMatchObject({
      ok: false,
      reason: 'too_large',
      detail: expect.stringMatching(/declared/),
    });
    expect(await extractText(liar, 'docx')).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('lets ordinary Word documents through, and calls broken zips corrupt', async () => {
    const small = zipSync({ 'word/document.xml': strToU8('<w:document/>'), 'a/': new Uint8Array() });
    expect(await checkZip(small, LIMITS)).toMatchObject({ ok: true, entries: 1 });
    expect(await checkZip(strToU8('PK\u0003\u0004 not really'), LIMITS)).toMatchObject({
      ok: false,
      reason: 'corrupt',
    });
    // A flipped byte inside the deflated data.
    const damaged = zipSync({ 'word/document.xml': strToU8('<w:p>text</w:p>'.repeat(2000)) });
    damaged[60] = damaged[60]! ^ 0xff;
    damaged[61] = damaged[61]! ^ 0xff;
    expect(await checkZip(damaged, LIMITS)).toMatchObject({ ok: false });
  });
});
