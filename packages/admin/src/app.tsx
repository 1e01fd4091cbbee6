/** The console's providers: data layer, language, theme and toasts. */
import type { DataClient } from '@conversa/data/client';
import { DataProvider } from '@conversa/data/provider';
import { Toaster } from '@conversa/ui/components/toaster';
import { UiI18nProvider } from '@conversa/ui/i18n';
import { ConversaThemeProvider } from '@conversa/ui/theme';
import type { ReactNode } from 'react';
import { LocaleSync } from './locale';

export interface ConsoleProvidersProps {
  client: DataClient;
  /** The router with `ConsoleRoutes` (browser in the app, memory in tests). */
  children: ReactNode;
}

/** Every provider the screens need around the router. */
export function ConsoleProviders({ client, children }: ConsoleProvidersProps) {
  return (
    <DataProvider client={client}>
      <UiI18nProvider>
        <ConversaThemeProvider>
          <LocaleSync />
          <Toaster />
          {children}
        </ConversaThemeProvider>
      </UiI18nProvider>
    </DataProvider>
  );
}
