/** The typed context variables every handler can read. */
import type { Locale } from '@conversa/contract/constants';
import type { Logger } from 'pino';
import type { AuthState, GuestState } from '../auth/auth.middleware';

export interface AppEnv {
  Variables: {
    locale: Locale;
    logger: Logger;
    requestId: string;
    /** Set by the auth middleware on staff routes. */
    auth: AuthState;
    /** Set by `requireGuest` on the public chat's conversation routes. */
    guest: GuestState;
  };
}
