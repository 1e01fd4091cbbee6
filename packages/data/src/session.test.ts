import type { Session } from '@conversa/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, memoryStorage, SESSION_STORAGE_KEY, SIGNED_OUT } from './session';

const answer = (overrides: Partial<Session> = {}): Session => ({
  jwt: 'staff.jwt',
  user: { id: 7, email: 'ana@example.com' },
  profile: {
    full_name: 'Ana Ruiz',
    first_name: 'Ana',
    last_name: 'Ruiz',
    email: 'ana@example.com',
    phone_number: null,
    country: 'ES',
    city: null,
    role: null,
    locale: 'es',
  },
  roles: ['main'],
  institution_id: 3,
  ...overrides,
});

afterEach(() => localStorage.clear());

describe('session store', () => {
  it('starts signed out, with isAuthed false', () => {
    const store = createSessionStore(memoryStorage());
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(store.getSnapshot().isAuthed).toBe(false);
  });

  it('persists a sign-in in the given storage and reads it back in a new store', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.update({ guestJwt: 'guest.jwt' });
    store.signIn(answer());
    const state = store.getSnapshot();
    expect(state).toMatchObject({
      jwt: 'staff.jwt',
      guestJwt: null,
      isAuthed: true,
      locale: 'es',
      institutionId: 3,
      user: { id: 7 },
      roles: ['main'],
    });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ jwt: 'staff.jwt' });
    expect(createSessionStore(storage).getSnapshot()).toEqual(state);
  });

  it('uses localStorage by default', () => {
    createSessionStore().update({ jwt: 'in.local.storage' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('in.local.storage');
  });

  it('keeps an institution the user switched to when the same user is refreshed, not on a new sign-in', () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(answer());
    store.update({ institutionId: 99 });
    store.signIn(answer(), { refresh: true });
    expect(store.getSnapshot().institutionId).toBe(99);
    store.signIn(answer());
    expect(store.getSnapshot().institutionId).toBe(3);
    store.signIn(answer({ user: { id: 8, email: 'b@example.com' } }), { refresh: true });
    expect(store.getSnapshot().institutionId).toBe(3);
  });

  it('notifies subscribers with a new snapshot on each change and clears everything', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.signIn(answer());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    unsubscribe();
    store.update({ jwt: 'x' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('treats a corrupt or tampered entry as signed out', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(createSessionStore(storage).getSnapshot()).toEqual(SIGNED_OUT);
    storage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ jwt: 5, isAuthed: 'yes', locale: 'fr', roles: 'admin' }),
    );
    expect(createSessionStore(storage).getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('keeps working in memory when the storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createSessionStore(broken);
    store.signIn(answer());
    expect(store.getSnapshot().jwt).toBe('staff.jwt');
    store.clear();
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('follows another tab signing out through the storage event', () => {
    const store = createSessionStore(localStorage);
    store.signIn(answer());
    const listener = vi.fn();
    store.subscribe(listener);
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
  });
});
