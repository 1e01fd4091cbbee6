/**
 * Encrypted backups (`npm run backup -- <file> --encrypt`): the tar.gz sealed with AES-256-GCM under
 * a key derived from a passphrase (BACKUP_PASSPHRASE, never an argument: arguments show in `ps`)
 * with scrypt. The file: a header (magic, scrypt's cost, salt, IV; authenticated as the cipher's
 * additional data), the ciphertext, and GCM's tag. `npm run restore` recognises the magic and
 * decrypts into a private file first; nothing decrypted is used before the tag has checked out.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, open, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE } from '../paths';

/** The environment variable holding the passphrase of encrypted backups. */
export const PASSPHRASE_VARIABLE = 'BACKUP_PASSPHRASE';
/** The shortest passphrase accepted for a new encrypted backup. */
export const MIN_PASSPHRASE_LENGTH = 16;

const MAGIC = Buffer.from('CONVERSA-BACKUP-AES256GCM-1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES + IV_BYTES;
/** scrypt's cost for new files (2^17, r 8, p 1: 128 MB and about half a second, OWASP's advice). */
const COST = { log2N: 17, r: 8, p: 1 };
/** The most a file's header may ask of scrypt (a forged header must not exhaust the machine). */
const MAX_COST = { log2N: 20, r: 16, p: 4 };

/** A refusal about an encrypted backup, said to the user as it is. */
export class BackupEncryptionError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Whether a file starts as an encrypted backup does. */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** The passphrase from the environment, checked: a clear refusal when it is missing or short. */
export function passphraseFrom(env: NodeJS.ProcessEnv, purpose: 'encrypt' | 'decrypt'): string {
  const passphrase = env[PASSPHRASE_VARIABLE];
  if (!passphrase) {
    throw new BackupEncryptionError(
      purpose === 'encrypt'
        ? `--encrypt needs a passphrase in ${PASSPHRASE_VARIABLE} (${MIN_PASSPHRASE_LENGTH} or more characters).`
        : `This backup is encrypted: set ${PASSPHRASE_VARIABLE} to the passphrase it was written with.`,
    );
  }
  if (purpose === 'encrypt' && [...passphrase].length < MIN_PASSPHRASE_LENGTH) {
    throw new BackupEncryptionError(
      `${PASSPHRASE_VARIABLE} must have ${MIN_PASSPHRASE_LENGTH} or more characters.`,
    );
  }
  return passphrase;
}

/** Encrypts `source` into the new file `target` (0600; it must not exist). */
export async function encryptFile(source: string, target: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([COST.log2N, COST.r, COST.p]), salt, iv]);
  const key = await deriveKey(passphrase, salt, COST);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  const handle = await open(target, 'wx', PRIVATE_FILE);
  try {
    await handle.write(header);
  } finally {
    await handle.close();
  }
  await pipeline(createReadStream(source), cipher, createWriteStream(target, { flags: 'a' }));
  await appendFile(target, cipher.getAuthTag());
}

/**
 * Decrypts the encrypted backup `source` into the new file `target` (0600). A wrong passphrase or
 * a changed byte anywhere fails GCM's check: `target` is then removed and the refusal thrown.
 */
export async function decryptFile(source: string, target: string, passphrase: string): Promise<void> {
  const { size } = await stat(source);
  const damaged = () =>
    new BackupEncryptionError(
      `${source} could not be decrypted: the passphrase is wrong or the file is damaged.`,
    );
  if (size < HEADER_BYTES + TAG_BYTES) throw damaged();
  const handle = await open(source, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw damaged();
  let offset = MAGIC.length;
  const cost = { log2N: header[offset]!, r: header[offset + 1]!, p: header[offset + 2]! };
  offset += 3;
  if (
    cost.log2N < 10 ||
    cost.log2N > MAX_COST.log2N ||
    cost.r < 1 ||
    cost.r > MAX_COST.r ||
    cost.p < 1 ||
    cost.p > MAX_COST.p
  ) {
    throw damaged();
  }
  const salt = header.subarray(offset, offset + SALT_BYTES);
  const iv = header.subarray(offset + SALT_BYTES, offset + SALT_BYTES + IV_BYTES);
  const key = await deriveKey(passphrase, salt, cost);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    // An empty range (an empty archive) is no stream at all: `end` is inclusive.
    const body =
      size - TAG_BYTES > HEADER_BYTES
        ? createReadStream(source, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 })
        : [];
    await pipeline(body, decipher, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
  } catch (error) {
    // Someone else's file is never removed.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await rm(target, { force: true });
    throw damaged();
  }
}
