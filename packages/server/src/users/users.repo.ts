/** User rows: lookups, inserts, profile updates; rows become contract `Profile`s here. */
import { LOCALES, type Locale, SIGNUP_POSITIONS, type SignupPosition } from '@conversa/contract/constants';
import type { Profile } from '@conversa/contract/profile';
import type { UpdateProfile } from '@conversa/contract/profile-update';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { identities, passwordResets, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

const isPosition = (value: string | null): value is SignupPosition =>
  value !== null && (SIGNUP_POSITIONS as readonly string[]).includes(value);

/** A stored locale, defaulting to English for anything unexpected. */
export const asLocale = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';

/** The contract profile of a user row. */
export function toProfile(row: UserRow): Profile {
  return {
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    country: row.country,
    city: row.city,
    role: isPosition(row.position) ? row.position : null,
    locale: asLocale(row.locale),
  };
}

/** The user with an e-mail (already normalised to lower case), if any. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user with an id, if any. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** An account's name and e-mail (a staff member as others see them); undefined when it is not there. */
export async function findUserName(
  db: Db,
  id: number,
): Promise<{ fullName: string; email: string } | undefined> {
  const [row] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Stores a reset link's token (its SHA-256) for an account. */
export async function insertResetToken(db: Db, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Forgets a reset token whose mail could not be sent. */
export async function deleteResetToken(db: Db, tokenHash: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
}

/** True when an account uses the e-mail. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName?: string;
  firstName?: string | null;
  lastName?: string | null;
  locale: Locale;
  /** When the address was proved (sign-up code, or a provider that vouches for it); null if not. */
  emailVerifiedAt: Date | null;
  now: Date;
}

/** Inserts a user; undefined when the e-mail is already taken (a concurrent sign-up won). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      passwordHash: user.passwordHash,
      fullName: user.fullName ?? '',
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      locale: user.locale,
      emailVerifiedAt: user.emailVerifiedAt,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Replaces the profile fields of a user and returns the new row. */
export async function updateProfile(
  db: Db,
  id: number,
  profile: UpdateProfile,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      fullName: profile.full_name,
      firstName: profile.first_name,
      lastName: profile.last_name,
      phoneNumber: profile.phone_number,
      country: profile.country,
      city: profile.city,
      position: profile.role,
      locale: profile.locale,
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets a new password hash. */
export async function setPasswordHash(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

/** Records that the user proved the address (a mailed code or link reached them), once. */
export async function markEmailVerified(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

/** Removes every Google and Microsoft identity linked to the user. */
export async function unlinkIdentities(db: Db, userId: number): Promise<void> {
  await db.delete(identities).where(eq(identities.userId, userId));
}
