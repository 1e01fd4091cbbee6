/**
 * The console's language (docs/product.md#who-it-is-for): the browser's (es or en, English otherwise) until someone signs
 * in, then their profile's. Follows the session, so a sign-in or sign-out switches it.
 */
import type { Locale } from '@conversa/contract/constants';
import { useSession } from '@conversa/data/provider';
import type { SessionState } from '@conversa/data/session';
import { activateLocale, detectLocale } from '@conversa/ui/i18n';
import { useEffect } from 'react';

/** The language to show for a session. */
export function localeFor(session: SessionState): Locale {
  return session.locale ?? detectLocale();
}

/** Renders nothing; activates the session's language whenever it changes. */
export function LocaleSync() {
  const locale = localeFor(useSession());
  useEffect(() => {
    void activateLocale(locale);
  }, [locale]);
  return null;
}
