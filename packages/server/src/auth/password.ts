/** Password hashing with argon2id at OWASP's parameters (m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (PHC string, salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when the password matches the hash; false for malformed hashes. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A fixed hash verified against when the account does not exist, so a login takes the same time
// whether or not the e-mail is registered.
let dummy: Promise<string> | null = null;
/** Spends the time of one verification without an account. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-1A');
  await verifyPassword(await dummy, password);
}
