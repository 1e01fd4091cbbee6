/**
 * `GET /bot`: what ConversaBot is, for a site's owner who finds it in their logs (its User-Agent
 * names this page): who sends it, what it reads, and how to stop or slow it with robots.txt. In the
 * reader's language; no script.
 */
import type { Locale } from '@conversa/contract/constants';
import { PRODUCT_NAME } from '@conversa/contract/constants';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http/env';
import { pickLocale } from '../i18n/translate';
import { renderHtmlPage } from '../static';
import { BOT_PAGE_PATH, CRAWLER_NAME } from './crawler-fetch';

const TEXT: Record<Locale, { title: string; paragraphs: string[]; example: string }> = {
  en: {
    title: `${CRAWLER_NAME}, the crawler of ${PRODUCT_NAME}`,
    paragraphs: [
      `${CRAWLER_NAME} reads the pages of a website when an institution asks ${PRODUCT_NAME} to let its assistant answer questions from them, and checks them again on a schedule (weekly unless the institution chose otherwise).`,
      'It follows links within the same site only, honours robots.txt (including Crawl-delay and the sitemaps it names), makes at most two requests to a site at a time, asks only for what changed (ETag, Last-Modified) and gives up on a page after 15 seconds or 5 MB.',
      `To keep it out of a site or a part of it, or to slow it down, write rules for ${CRAWLER_NAME} in robots.txt:`,
    ],
    example: `User-agent: ${CRAWLER_NAME}\nDisallow: /private/\nCrawl-delay: 5`,
  },
  es: {
    title: `${CRAWLER_NAME}, el rastreador de ${PRODUCT_NAME}`,
    paragraphs: [
      `${CRAWLER_NAME} lee las páginas de un sitio web cuando una institución pide a ${PRODUCT_NAME} que su asistente responda con ellas, y las vuelve a revisar periódicamente (cada semana, salvo que la institución elija otra frecuencia).`,
      'Solo sigue enlaces dentro del mismo sitio, respeta robots.txt (también Crawl-delay y los sitemaps que indique), hace como mucho dos peticiones a la vez a un sitio, pide solo lo que ha cambiado (ETag, Last-Modified) y abandona una página a los 15 segundos o a los 5 MB.',
      `Para que no entre en un sitio o en una parte de él, o para que vaya más despacio, escribe reglas para ${CRAWLER_NAME} en robots.txt:`,
    ],
    example: `User-agent: ${CRAWLER_NAME}\nDisallow: /private/\nCrawl-delay: 5`,
  },
};

const STYLE = html`<style>
  body {
    margin: 0;
    font:
      16px/1.6 system-ui,
      sans-serif;
    color: #1f2937;
    background: #fff;
  }
  main {
    max-width: 40rem;
    margin: 0 auto;
    padding: 3rem 1.25rem;
  }
  h1 {
    font-size: 1.5rem;
    line-height: 1.25;
  }
  pre {
    background: #f3f4f6;
    padding: 1rem;
    border-radius: 8px;
    overflow: auto;
  }
  @media (prefers-color-scheme: dark) {
    body {
      color: #e5e7eb;
      background: #111827;
    }
    pre {
      background: #1f2937;
    }
  }
</style>`;

/** The crawler's page. */
export function botPageRoutes() {
  const app = new Hono<AppEnv>();
  app.get(BOT_PAGE_PATH, (c) => {
    const lang = pickLocale(c.req.header('accept-language'));
    const text = TEXT[lang];
    c.header('Vary', 'Accept-Language');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    return c.html(
      renderHtmlPage({
        lang,
        title: text.title,
        head: STYLE,
        body: html`<main>
          <h1>${text.title}</h1>
          ${text.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
          <pre>${text.example}</pre>
        </main>`,
      }),
    );
  });
  return app;
}
