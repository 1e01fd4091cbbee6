/** The colour-mode preference: the system's until the user picks one, then the pick, persisted. */
import type { ColorMode } from './theme';

export type ColorModePreference = ColorMode | 'system';

export const COLOR_MODE_STORAGE_KEY = 'conversa.color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The stored pick, or `system` when there is none (or storage is unavailable). */
export function readColorModePreference(): ColorModePreference {
  try {
    const stored = globalThis.localStorage?.getItem(COLOR_MODE_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Persists a pick; `system` forgets it so the system setting is followed again. */
export function saveColorModePreference(preference: ColorModePreference): void {
  try {
    if (preference === 'system') globalThis.localStorage?.removeItem(COLOR_MODE_STORAGE_KEY);
    else globalThis.localStorage?.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Private mode or disabled storage: the pick still holds for this page.
  }
}

/** The system's colour mode right now. */
export function systemColorMode(): ColorMode {
  return globalThis.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Calls back when the system colour mode changes; returns the unsubscribe function. */
export function subscribeSystemColorMode(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(DARK_QUERY);
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
