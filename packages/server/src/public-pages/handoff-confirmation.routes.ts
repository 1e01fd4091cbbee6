/**
 * The handoff address's confirmation link (docs/architecture.md#conversations): `GET /confirm-handoff?token=`
 * shows a button and changes nothing (mail scanners open links); its `POST` confirms the address of
 * a live token, once, and shows the result. Pages in the reader's language, never cached, never
 * framed, sending no referrer (the token is in the URL).
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HANDOFF_CONFIRMATION_PATH } from '../assistants';
import { handoffConfirmationRepo, handoffTokenHash } from '../assistants';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { pickLocale } from '../i18n/translate';
import {
  CONFIRMATION_CSP,
  renderConfirmationAsk,
  renderConfirmationResult,
} from './handoff-confirmation-page';

/** A token as the job makes them: 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[\w-]{43}$/;

/** The confirmation pages' routes. */
export function handoffConfirmationRoutes(deps: AppDeps) {
  const repo = handoffConfirmationRepo(deps.database.db);
  const app = new Hono<AppEnv>();

  const headers = (c: Context<AppEnv>) => {
    c.header('Content-Security-Policy', CONFIRMATION_CSP);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Vary', 'Accept-Language');
  };
  const lang = (c: Context<AppEnv>) => pickLocale(c.req.header('accept-language'));

  app.get(HANDOFF_CONFIRMATION_PATH, (c) => {
    headers(c);
    const token = c.req.query('token') ?? '';
    // A malformed link is answered as a used one: nothing tells which tokens exist.
    if (!TOKEN_PATTERN.test(token)) return c.html(renderConfirmationResult(lang(c), null), 404);
    return c.html(renderConfirmationAsk(lang(c), HANDOFF_CONFIRMATION_PATH, token));
  });

  app.post(
    HANDOFF_CONFIRMATION_PATH,
    // The form holds one token: anything bigger is not ours.
    bodyLimit({ maxSize: 1024, onError: (c) => c.text('Payload Too Large', 413) }),
    async (c) => {
      headers(c);
      const form = await c.req.parseBody();
      const token = typeof form.token === 'string' ? form.token : '';
      const email = TOKEN_PATTERN.test(token)
        ? await repo.confirm(handoffTokenHash(token), deps.clock.now())
        : null;
      return c.html(renderConfirmationResult(lang(c), email), email ? 200 : 404);
    },
  );
  return app;
}
