/** Renders a component the way the app does: theme, colour mode and lingui around it. */
import type { Locale } from '@conversa/contract/constants';
import { i18n } from '@lingui/core';
import { act, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { UiI18nProvider } from '../i18n/i18n-provider';
import { ConversaThemeProvider } from '../theme/theme-provider';
import type { ColorMode } from '../theme/theme';

function Providers({ children, mode }: { children: ReactNode; mode?: ColorMode }) {
  return (
    <UiI18nProvider>
      <ConversaThemeProvider mode={mode}>{children}</ConversaThemeProvider>
    </UiI18nProvider>
  );
}

/** `render` inside the app's providers, in a locale (English by default) and colour mode. */
export function renderUi(
  ui: ReactElement,
  options: { locale?: Locale; mode?: ColorMode } & RenderOptions = {},
): RenderResult {
  const { locale = 'en', mode, ...rest } = options;
  act(() => i18n.activate(locale));
  return render(ui, { wrapper: ({ children }) => <Providers mode={mode}>{children}</Providers>, ...rest });
}
