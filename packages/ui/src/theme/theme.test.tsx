import { THEME } from '@conversa/contract/constants';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_STORAGE_KEY } from './color-mode';
import { darkTheme, lightTheme, type Palette } from './theme';
import { ConversaThemeProvider, useColorMode } from './theme-provider';

/** WCAG 2.x contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme tokens', () => {
  it('follow docs/product.md#constants', () => {
    for (const theme of [lightTheme, darkTheme]) {
      expect(theme.radius).toBe('12px');
      expect(theme.font.startsWith(`'${THEME.font}'`)).toBe(true);
      expect(theme.controlHeight).toEqual({ small: '2.25rem', medium: '2.5rem' });
    }
  });

  const textPairs: [keyof Palette, keyof Palette][] = [
    ['text', 'background'],
    ['text', 'surface'],
    ['text', 'surfaceRaised'],
    ['text', 'hover'],
    ['textMuted', 'hover'],
    ['danger', 'hover'],
    ['primary', 'hover'],
    ['textMuted', 'background'],
    ['textMuted', 'surface'],
    ['textMuted', 'surfaceRaised'],
    ['primary', 'surface'],
    ['onPrimary', 'primary'],
    ['onPrimary', 'primaryHover'],
    ['onDanger', 'danger'],
    ['onDanger', 'dangerHover'],
    ['danger', 'surface'],
    ['danger', 'surfaceRaised'],
    ['success', 'surface'],
  ];
  for (const theme of [lightTheme, darkTheme]) {
    it(`${theme.mode}: text reaches 4.5:1 and control borders 3:1`, () => {
      const low = textPairs
        .map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(theme.colors[fg], theme.colors[bg]) }))
        .filter((entry) => entry.ratio < 4.5);
      expect(low).toEqual([]);
      expect(contrast(theme.colors.borderStrong, theme.colors.surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(theme.colors.focus, theme.colors.background)).toBeGreaterThanOrEqual(3);
    });
  }
});

function Probe() {
  const { mode, preference, setPreference } = useColorMode();
  const theme = useTheme();
  return (
    <div>
      <p>{`${mode}/${preference}/${theme.colors.background}`}</p>
      <button type="button" onClick={() => setPreference('dark')}>
        dark
      </button>
      <button type="button" onClick={() => setPreference('system')}>
        system
      </button>
    </div>
  );
}

/** A matchMedia whose dark-mode answer can be flipped, like a user changing the OS setting. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('dark') ? state.dark : false;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    state.dark = next;
    act(() => listeners.forEach((fn) => fn()));
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConversaThemeProvider', () => {
  it('follows the system until the user picks, and remembers the pick', async () => {
    const user = userEvent.setup();
    const flip = fakeSystem(true);
    const { unmount } = render(
      <ConversaThemeProvider>
        <Probe />
      </ConversaThemeProvider>,
    );
    expect(screen.getByText(`dark/system/${darkTheme.colors.background}`)).toBeTruthy();
    flip(false);
    expect(screen.getByText(`light/system/${lightTheme.colors.background}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(screen.getByText('dark/dark/' + darkTheme.colors.background)).toBeTruthy();
    flip(false);
    expect(screen.getByText('dark/dark/' + darkTheme.colors.background)).toBeTruthy();
    unmount();

    // A new page load keeps the pick.
    render(
      <ConversaThemeProvider>
        <Probe />
      </ConversaThemeProvider>,
    );
    expect(screen.getByText('dark/dark/' + darkTheme.colors.background)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'system' }));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('light/system/' + lightTheme.colors.background)).toBeTruthy();
  });

  it('can be forced to a mode', () => {
    fakeSystem(false);
    render(
      <ConversaThemeProvider mode="dark">
        <Probe />
      </ConversaThemeProvider>,
    );
    expect(screen.getByText(`dark/system/${darkTheme.colors.background}`)).toBeTruthy();
  });
});
