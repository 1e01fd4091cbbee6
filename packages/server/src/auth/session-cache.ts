/**
 * An in-process cache of the staff-session lookup (session live, user, membership role), so a
 * request on the embedded PGlite costs one query instead of two (docs/architecture.md#budgets).
 *
 * Enabled only on PGlite: an embedded database belongs to one process, so every write that can
 * change an answer passes through this process and calls `forgetUser`. On PostgreSQL, several
 * processes share the data and nothing here could see another's logout, so it stays off.
 */
import type { MemberRole } from '@conversa/contract/roles';

export interface SessionEntry {
  userId: number;
  email: string;
  locale: string;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
  role: MemberRole | null;
  sessionExpiresAt: Date;
  /** The session's last recorded request (the idle timeout counts from it). */
  lastSeenAt: Date;
}

interface Stored {
  entry: SessionEntry;
  storedAt: number;
}

/** A safety net for writes made outside the app (a manual SQL `update`): entries live 30 s at most. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

export class SessionCache {
  private readonly entries = new Map<string, Stored>();
  private readonly generations = new Map<number, number>();

  constructor(readonly enabled: boolean) {}

  private static key(sessionId: string, institutionId: number) {
    return `${sessionId}:${institutionId}`;
  }

  /** A live entry, or undefined. */
  get(sessionId: string, institutionId: number, now: Date): SessionEntry | undefined {
    if (!this.enabled) return undefined;
    const key = SessionCache.key(sessionId, institutionId);
    const stored = this.entries.get(key);
    if (!stored) return undefined;
    if (performance.now() - stored.storedAt > TTL_MS || stored.entry.sessionExpiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return stored.entry;
  }

  /** The user's generation, read before the query whose result may be stored. */
  generation(userId: number): number {
    return this.generations.get(userId) ?? 0;
  }

  /**
   * Stores a lookup unless the user was forgotten since `generation` was read: a logout racing a
   * lookup must never leave the pre-logout answer behind.
   */
  set(sessionId: string, institutionId: number, entry: SessionEntry, generation: number): void {
    if (!this.enabled || this.generation(entry.userId) !== generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(SessionCache.key(sessionId, institutionId), { entry, storedAt: performance.now() });
  }

  /** Drops everything known of a user: call after any change to their sessions, profile or memberships. */
  forgetUser(userId: number): void {
    if (!this.enabled) return;
    this.generations.set(userId, this.generation(userId) + 1);
    for (const [key, stored] of this.entries) {
      if (stored.entry.userId === userId) this.entries.delete(key);
    }
  }
}
