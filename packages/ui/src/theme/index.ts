export { ConversaThemeProvider, useColorMode, type ConversaThemeProviderProps } from './theme-provider';
export { type ColorModePreference, COLOR_MODE_STORAGE_KEY } from './color-mode';
export { type ColorMode, type Palette, type Theme, darkTheme, lightTheme, themeFor } from './theme';
