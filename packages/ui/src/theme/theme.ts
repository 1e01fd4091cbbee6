/** Design tokens (docs/product.md#constants): Manrope, 12 px radius, 2.25/2.5rem controls, light and dark palettes. */
import { THEME } from '@conversa/contract/constants';

export type ColorMode = 'light' | 'dark';

/** Colours of one mode; text on its background meets WCAG AA (4.5:1), borders of controls 3:1. */
export interface Palette {
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  borderStrong: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  success: string;
  focus: string;
  hover: string;
  overlay: string;
}

export interface Theme {
  mode: ColorMode;
  colors: Palette;
  font: string;
  radius: string;
  radiusSmall: string;
  controlHeight: { small: string; medium: string };
  space: (n: number) => string;
  shadow: string;
}

const light: Palette = {
  background: '#f5f6f8',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  text: '#16181d',
  textMuted: '#4d5463',
  border: '#d5d9e0',
  borderStrong: '#737b8c',
  primary: '#4338ca',
  primaryHover: '#3730a3',
  onPrimary: '#ffffff',
  danger: '#b42318',
  dangerHover: '#912018',
  onDanger: '#ffffff',
  success: '#05603a',
  focus: '#4338ca',
  hover: '#eef0f5',
  overlay: 'rgba(16, 18, 24, 0.5)',
};

const dark: Palette = {
  background: '#0f1115',
  surface: '#181b21',
  surfaceRaised: '#20242c',
  text: '#eef0f4',
  textMuted: '#b0b7c3',
  border: '#343a46',
  borderStrong: '#7d8596',
  primary: '#a5b4fc',
  primaryHover: '#c7d2fe',
  onPrimary: '#12143a',
  danger: '#fda29b',
  dangerHover: '#fecdca',
  onDanger: '#3a0b07',
  success: '#75e0a7',
  focus: '#a5b4fc',
  hover: '#262b34',
  overlay: 'rgba(0, 0, 0, 0.65)',
};

const base = {
  font: `'${THEME.font}', system-ui, -apple-system, 'Segoe UI', sans-serif`,
  radius: THEME.radius,
  radiusSmall: '8px',
  controlHeight: { small: THEME.controlHeightSmall, medium: THEME.controlHeightMedium },
  space: (n: number) => `${n * 0.25}rem`,
};

export const lightTheme: Theme = {
  ...base,
  mode: 'light',
  colors: light,
  shadow: '0 8px 24px rgba(16, 18, 24, 0.12)',
};

export const darkTheme: Theme = {
  ...base,
  mode: 'dark',
  colors: dark,
  shadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
};

/** The theme of a colour mode. */
export function themeFor(mode: ColorMode): Theme {
  return mode === 'dark' ? darkTheme : lightTheme;
}
