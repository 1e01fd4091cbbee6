/**
 * The chat app's server-rendered pages (docs/architecture.md#the-widget-and-public-pages): `/chat/{external_id}`, the frame embed.js
 * opens, which only the assistant's allowed sites may frame; and `/admissions/{institution_id}`
 * and `/retail/{institution_id}`, the shared public links, whose title and social-share meta are
 * in the HTML so a shared link previews well. Mounted before the admin console's SPA fallback.
 */
import type { ChatPageConfig, PublicKind } from '@conversa/contract/chat';
import type { Locale } from '@conversa/contract/constants';
import { type Context, Hono } from 'hono';
import { ASSISTANT_TYPE_OF, assistantLocale, hasPublicChat, logoUrl } from '../assistants';
import { type AssistantRow, toWidgetAssistant, visitorConversationsRepo } from '../chat';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { readId } from '../http/validate';
import { pickLocale } from '../i18n/translate';
import { SHARE_IMAGE_PATH } from '../static';
import { renderChatPage, renderNotFound } from './page';
import { contentSecurityPolicy, frameAncestors, parentOrigin } from './public-pages.service';

/** The public pages' routes. */
export function publicPagesRoutes(deps: AppDeps) {
  const repo = visitorConversationsRepo(deps.database.db);
  const { publicUrl } = deps.config;
  const ownOrigin = new URL(publicUrl).origin;

  /** The browser's language when it tells one, else the assistant's (crawlers rarely send one). */
  const langOf = (c: Context<AppEnv>, assistant: AssistantRow | null): Locale => {
    const header = c.req.header('accept-language');
    return header || !assistant ? pickLocale(header) : assistantLocale(assistant);
  };

  /** Headers every page sends: its policy, revalidation (the name may change), language variants. */
  const pageHeaders = (c: Context<AppEnv>, ancestors: string) => {
    c.header('Content-Security-Policy', contentSecurityPolicy(ownOrigin, ancestors));
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Language');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  };

  const notFoundPage = (c: Context<AppEnv>) => {
    pageHeaders(c, "'self'");
    return c.html(renderNotFound(langOf(c, null)), 404);
  };

  // An inactive assistant's page names nothing (a neutral title, no share meta, not indexed).
  const page = (c: Context<AppEnv>, assistant: AssistantRow, config: ChatPageConfig, url: string | null) =>
    c.html(
      renderChatPage({
        lang: langOf(c, assistant),
        name: assistant.active ? assistant.name : null,
        description: assistant.active ? assistant.snippet.greeting : '',
        url: assistant.active ? url : null,
        logo: assistant.active ? logoUrl(publicUrl, assistant.logo) : null,
        defaultImage: `${publicUrl}${SHARE_IMAGE_PATH}`,
        config,
      }),
    );

  const app = new Hono<AppEnv>();
  app.get('/chat/:externalId', async (c) => {
    const assistant = await repo.byExternalId(c.req.param('externalId'));
    if (!assistant || !hasPublicChat(assistant)) return notFoundPage(c);
    const allowed = assistant.snippet.allowed_origins;
    pageHeaders(c, frameAncestors(allowed));
    return page(
      c,
      assistant,
      {
        mode: 'frame',
        external_id: assistant.externalId,
        api: '/api',
        parent_origin: parentOrigin(c.req.query('origin'), allowed, ownOrigin),
        assistant: toWidgetAssistant(assistant, publicUrl),
      },
      null,
    );
  });

  for (const kind of ['admissions', 'retail'] as const satisfies readonly PublicKind[]) {
    app.get(`/${kind}/:id`, async (c) => {
      let institutionId: number;
      try {
        institutionId = readId(c);
      } catch {
        return notFoundPage(c);
      }
      const assistant = await repo.assistant(institutionId, ASSISTANT_TYPE_OF[kind]);
      if (!assistant) return notFoundPage(c);
      // The full page is not for framing; embedding goes through embed.js and /chat.
      pageHeaders(c, "'self'");
      const config: ChatPageConfig = {
        mode: 'page',
        external_id: assistant.externalId,
        api: '/api',
        parent_origin: null,
        assistant: toWidgetAssistant(assistant, publicUrl),
      };
      return page(c, assistant, config, `${publicUrl}/${kind}/${institutionId}`);
    });
  }
  return app;
}
