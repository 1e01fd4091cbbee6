/**
 * The shell of the pages the server renders itself (the chat pages, the legal texts, not found):
 * language, charset, viewport, colour schemes and the `{title} | Conversa` title, around the page's
 * own head tags and body. Values are escaped by Hono's `html` template.
 */
import { type Locale, PRODUCT_NAME } from '@conversa/contract/constants';
import { html } from 'hono/html';

type Html = ReturnType<typeof html>;

export interface HtmlPage {
  lang: Locale;
  /** The page's own title, before `| Conversa`; null for the product's name alone. */
  title: string | null;
  /** Tags after the title: description, share tags, robots, styles. */
  head?: Html | string;
  body: Html;
}

export function renderHtmlPage({ lang, title, head = '', body }: HtmlPage) {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>${title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME}</title>
        ${head}
      </head>
      <body>
        ${body}
      </body>
    </html> `;
}
