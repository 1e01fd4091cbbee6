/** Theme + colour mode for the whole app: styled-components ThemeProvider and the global style. */
import './fonts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { ThemeProvider } from 'styled-components';
import {
  type ColorModePreference,
  readColorModePreference,
  saveColorModePreference,
  subscribeSystemColorMode,
  systemColorMode,
} from './color-mode';
import { GlobalStyle } from './global-style';
import { type ColorMode, themeFor } from './theme';

interface ColorModeState {
  /** The mode in effect. */
  mode: ColorMode;
  /** What the user picked, or `system`. */
  preference: ColorModePreference;
  setPreference: (preference: ColorModePreference) => void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);

export interface ConversaThemeProviderProps {
  children: ReactNode;
  /** Forces a mode (Storybook's toolbar, tests); otherwise the stored pick or the system's. */
  mode?: ColorMode;
}

/** Provides the theme of the effective colour mode and renders the global style. */
export function ConversaThemeProvider({ children, mode: forced }: ConversaThemeProviderProps) {
  const system = useSyncExternalStore(subscribeSystemColorMode, systemColorMode, () => 'light' as const);
  const [preference, setStored] = useState<ColorModePreference>(readColorModePreference);
  const setPreference = useCallback((next: ColorModePreference) => {
    saveColorModePreference(next);
    setStored(next);
  }, []);
  const mode = forced ?? (preference === 'system' ? system : preference);
  const state = useMemo(() => ({ mode, preference, setPreference }), [mode, preference, setPreference]);
  return (
    <ColorModeContext.Provider value={state}>
      <ThemeProvider theme={themeFor(mode)}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

/** The effective colour mode and a setter for the user's pick. */
export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode must be used inside <ConversaThemeProvider>.');
  return state;
}
