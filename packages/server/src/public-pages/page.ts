/**
 * The server-rendered HTML of the chat app's pages: the title and social-share meta a shared link
 * previews with, the mount point, the app's config as inert JSON, and the app's module. Every value
 * is escaped by Hono's `html` template; the JSON is made safe to sit inside a `<script>` element.
 */
import type { ChatPageConfig } from '@conversa/contract/chat';
import { type Locale, PRODUCT_NAME } from '@conversa/contract/constants';
import { html, raw } from 'hono/html';
import { renderHtmlPage } from '../static';
import { SHARE_IMAGE_SIZE } from '../static';
import { PAGE_TEXT } from './page-text';

export interface ChatPage {
  lang: Locale;
  /** The assistant's name; null for an inactive one, whose page names nothing. */
  name: string | null;
  /** The social-share description; the default text when empty. */
  description: string;
  /** The absolute URL of the page (og:url, canonical); null for the frame, which is not indexed. */
  url: string | null;
  logo: string | null;
  /** The absolute URL of the default share image, for an assistant without a logo. */
  defaultImage: string;
  config: ChatPageConfig;
}

/** JSON that cannot close its `<script>` element or open a comment (`<`, `>`, `&` as escapes). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The chat app's page (full page or frame). */
export function renderChatPage(page: ChatPage) {
  const description = page.name ? page.description || PAGE_TEXT[page.lang].description(page.name) : null;
  // Every page previews with an image: the logo (square: a small card), else the default one.
  const image = page.logo
    ? html`<meta property="og:image" content="${page.logo}" /> <meta name="twitter:card" content="summary" />`
    : html`<meta property="og:image" content="${page.defaultImage}" />
        <meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}" />
        <meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}" />
        <meta name="twitter:card" content="summary_large_image" />`;
  // A phone's browser bar takes the assistant's colour on its public page (not in the frame).
  const color = page.url && page.name ? page.config.assistant?.snippet.color : null;
  const where = page.url
    ? html`<link rel="canonical" href="${page.url}" /> <meta property="og:url" content="${page.url}" />`
    : html`<meta name="robots" content="noindex" />`;
  // An inactive assistant's page (no name) says nothing of it: no share tags, not indexed.
  const share = page.name
    ? html`${where}
        <meta property="og:title" content="${page.name}" />
        <meta property="og:description" content="${description}" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="${PRODUCT_NAME}" />
        ${image} ${color ? html`<meta name="theme-color" content="${color}" />` : ''}`
    : html`<meta name="robots" content="noindex" />`;
  return renderHtmlPage({
    lang: page.lang,
    title: page.name,
    head: html`${description ? html`<meta name="description" content="${description}" />` : ''} ${share}`,
    body: html`<div id="conversa-chat"></div>
      <script id="conversa-config" type="application/json">
        ${raw(scriptJson(page.config))}
      </script>
      <script type="module" src="/widget/chat.js"></script>`,
  });
}

/** A small page for an unknown assistant or institution. */
export function renderNotFound(lang: Locale) {
  const text = PAGE_TEXT[lang].notFound;
  return renderHtmlPage({
    lang,
    title: text,
    head: html`<meta name="robots" content="noindex" />`,
    body: html`<p>${text}</p>`,
  });
}
