/**
 * The session store: tokens, the signed-in user and the institution the console acts in. Persisted
 * as one JSON entry behind a small storage interface (localStorage in the admin app, anything else
 * in the widget), with `subscribe`/`getSnapshot` for `useSyncExternalStore` (React or preact/compat).
 */
import type { Session, User } from '@conversa/contract/auth';
import type { Locale } from '@conversa/contract/constants';
import type { Profile } from '@conversa/contract/profile';
import type { Role } from '@conversa/contract/roles';
import { isLocale } from './locale';

/** What the store holds. `isAuthed` defaults to false (docs/product.md#what-things-hold). */
export interface SessionState {
  jwt: string | null;
  /** The public chat's token; preferred over `jwt` when both are present. */
  guestJwt: string | null;
  /** The one conversation the guest token may read and write (the widget's, kept across reloads). */
  guestConversationId: string | null;
  isAuthed: boolean;
  locale: Locale | null;
  institutionId: number | null;
  user: User | null;
  profile: Profile | null;
  roles: Role[];
}

/** The part of the Web Storage API the store needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The store: read, follow, change, sign in, clear. */
export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Merges a change and persists it. */
  update(patch: Partial<SessionState>): void;
  /**
   * Stores a sign-in answer; a staff sign-in drops any guest token. With `refresh` (a token check of
   * the same user) the institution the user switched to is kept.
   */
  signIn(session: Session, options?: { refresh?: boolean }): void;
  /** Back to the signed-out defaults (tokens, user, profile, locale, institution). */
  clear(): void;
}

/** The state of nobody signed in. */
export const SIGNED_OUT: SessionState = Object.freeze({
  jwt: null,
  guestJwt: null,
  guestConversationId: null,
  isAuthed: false,
  locale: null,
  institutionId: null,
  user: null,
  profile: null,
  roles: [],
}) as SessionState;

/** Key of the persisted session. */
export const SESSION_STORAGE_KEY = 'conversa.session';

/** A storage that forgets on reload (tests, private modes, the widget when it must not persist). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** The page's localStorage, or null where there is none or it is blocked. */
function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Merely reading `localStorage` throws where storage is blocked (sandboxed frames, some privacy modes).
    return null;
  }
}

/** localStorage when the page may use it, else memory. */
export function defaultStorage(): KeyValueStorage {
  return pageStorage() ?? memoryStorage();
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const num = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const obj = <T>(value: unknown) => (typeof value === 'object' && value !== null ? (value as T) : null);

/** Reads a persisted entry; anything malformed falls back to the signed-out defaults. */
function parse(raw: string | null): SessionState {
  if (!raw) return SIGNED_OUT;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      jwt: str(value.jwt),
      guestJwt: str(value.guestJwt),
      guestConversationId: str(value.guestConversationId),
      isAuthed: value.isAuthed === true,
      locale: isLocale(value.locale) ? value.locale : null,
      institutionId: num(value.institutionId),
      user: obj<User>(value.user),
      profile: obj<Profile>(value.profile),
      roles: Array.isArray(value.roles) ? (value.roles as Role[]) : [],
    };
  } catch {
    return SIGNED_OUT;
  }
}

/** Creates a store over a storage (default: localStorage, else memory). */
export function createSessionStore(
  storage: KeyValueStorage = defaultStorage(),
  key = SESSION_STORAGE_KEY,
): SessionStore {
  const read = () => {
    try {
      return parse(storage.getItem(key));
    } catch {
      return SIGNED_OUT;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const write = (next: SessionState) => {
    state = next;
    try {
      if (next === SIGNED_OUT) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(next));
    } catch {
      // Quota or privacy mode: keep working from memory.
    }
    emit();
  };

  // Another tab signing out (or in) must reach this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    state = read();
    emit();
  };
  const watchesOtherTabs = typeof window !== 'undefined' && storage === pageStorage();

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (listeners.size === 0 && watchesOtherTabs) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && watchesOtherTabs) window.removeEventListener('storage', onStorage);
      };
    },
    update: (patch) => write({ ...state, ...patch }),
    signIn(session, options = {}) {
      const keep =
        options.refresh === true && state.user?.id === session.user.id && state.institutionId !== null;
      write({
        jwt: session.jwt,
        guestJwt: null,
        guestConversationId: null,
        isAuthed: true,
        locale: session.profile.locale,
        institutionId: keep ? state.institutionId : session.institution_id,
        user: session.user,
        profile: session.profile,
        roles: session.roles,
      });
    },
    clear: () => write(SIGNED_OUT),
  };
}
