/** The typed context variables every handler can read. */
import type { Locale } from '@conversa/contract/constants';
import type { Logger } from 'pino';

export interface AppEnv {
  Variables: {
    locale: Locale;
    /** The request's logger (a child carrying `reqId`), made on first use: most requests log nothing. */
    logger: () => Logger;
    requestId: string;
    /** The path template of the table's endpoint answering (http/route.ts), for the metrics; unset for anything else. */
    route: string | undefined;
  };
}
