/** The typed context variables every handler can read. */
import type { Locale } from '@conversa/contract/constants';
import type { Logger } from 'pino';

export interface AppEnv {
  Variables: {
    locale: Locale;
    logger: Logger;
    requestId: string;
  };
}
