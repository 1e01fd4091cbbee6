import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testing/fixtures-dir';
import { signatureOf, verifySignature } from './signature';

const SECRET = 'test_app_secret';

/** fixture 06: `<file>  X-Hub-Signature-256: sha256=<hex>  (<n> bytes)` per line. */
function vectors() {
  const text = readFileSync(fixturePath('whatsapp', '06_signature_vectors.txt'), 'utf8');
  return [
    ...text.matchAll(/^(\S+\.json)\s+X-Hub-Signature-256: (sha256=[0-9a-f]{64})\s+\((\d+) bytes\)/gm),
  ].map(([, file, signature, bytes]) => ({ file: file!, signature: signature!, bytes: Number(bytes) }));
}

describe("Meta's webhook signature", () => {
  it('matches the vectors of fixture 06 over the exact bytes of files 01-04', () => {
    const all = vectors();
    expect(all).toHaveLength(4);
    for (const { file, signature, bytes } of all) {
      const body = readFileSync(fixturePath('whatsapp', file));
      expect(body.length, file).toBe(bytes);
      expect(signatureOf(body, SECRET), file).toBe(signature);
      expect(verifySignature(body, signature, [SECRET]), file).toBe(true);
      expect(
        verifySignature(body, signature.toUpperCase().replace('SHA256=', 'sha256='), [SECRET]),
        file,
      ).toBe(true);
    }
  });

  it('refuses a missing, malformed or wrong signature, another secret, and a body changed by one byte', () => {
    const [first] = vectors();
    const body = readFileSync(fixturePath('whatsapp', first!.file));
    expect(verifySignature(body, undefined, [SECRET])).toBe(false);
    expect(verifySignature(body, '', [SECRET])).toBe(false);
    expect(verifySignature(body, first!.signature.slice(7), [SECRET])).toBe(false);
    expect(verifySignature(body, `${first!.signature}0`, [SECRET])).toBe(false);
    expect(verifySignature(body, first!.signature, ['another_secret'])).toBe(false);
    expect(verifySignature(body, first!.signature, [])).toBe(false);
    // Any of several candidate secrets may sign it.
    expect(verifySignature(body, first!.signature, ['another_secret', SECRET])).toBe(true);
    const changed = Buffer.from(body);
    changed[changed.length - 2] = changed[changed.length - 2]! ^ 1;
    expect(verifySignature(changed, first!.signature, [SECRET])).toBe(false);
  });
});
