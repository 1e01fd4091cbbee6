import { describe, expect, it } from 'vitest';
import { deriveKeys } from '../../auth/keys';
import { seal, unseal } from './sealed';

const keys = deriveKeys(new TextEncoder().encode('a JWT secret of thirty-two bytes!'));

describe('secrets sealed at rest', () => {
  it('opens what it sealed, and the sealed text holds nothing of the secret', () => {
    const sealed = seal(keys.secretsKey, 7, 'EAAG-access-token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('EAAG');
    expect(unseal(keys.secretsKey, 7, sealed)).toBe('EAAG-access-token');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(seal(keys.secretsKey, 7, 'EAAG-access-token')).not.toBe(sealed);
  });

  it('does not open for another assistant, under another key, or once changed', () => {
    const sealed = seal(keys.secretsKey, 7, 'app-secret');
    expect(unseal(keys.secretsKey, 8, sealed)).toBeNull();
    expect(unseal(deriveKeys(new TextEncoder().encode('another secret')).secretsKey, 7, sealed)).toBeNull();
    const [version, iv, body] = sealed.split('.');
    // One character of the tag changed (not the last, whose low bits base64url may not carry).
    const changed = body!.at(-2) === 'A' ? 'B' : 'A';
    const flipped = `${body!.slice(0, -2)}${changed}${body!.slice(-1)}`;
    expect(unseal(keys.secretsKey, 7, `${version}.${iv}.${flipped}`)).toBeNull();
    for (const junk of ['', 'v1', 'v2.a.b', 'v1..', 'v1.aa.bb'])
      expect(unseal(keys.secretsKey, 7, junk)).toBeNull();
  });

  it('is its own key: not the token key nor the code key, and WHATSAPP_SECRETS_KEY replaces its source', () => {
    expect(Buffer.from(keys.secretsKey).equals(Buffer.from(keys.tokenKey))).toBe(false);
    expect(Buffer.from(keys.secretsKey).equals(Buffer.from(keys.codeKey))).toBe(false);
    const apart = deriveKeys(
      new TextEncoder().encode('a JWT secret of thirty-two bytes!'),
      new TextEncoder().encode('kept elsewhere'),
    );
    expect(Buffer.from(apart.tokenKey).equals(Buffer.from(keys.tokenKey))).toBe(true);
    expect(Buffer.from(apart.secretsKey).equals(Buffer.from(keys.secretsKey))).toBe(false);
  });
});
