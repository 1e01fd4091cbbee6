/** Lingui's provider bound to the shared `i18n` instance that `activateLocale` drives. */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n } from './locale';

/** Re-renders its tree in the active locale; call `activateLocale` before or while it is mounted. */
export function UiI18nProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
