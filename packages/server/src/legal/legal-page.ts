/**
 * The page around a legal text: the text is the operator's own HTML (a file they wrote, trusted as
 * such), shown as it is inside a plain, readable page in its language. The page runs no script.
 */
import type { LegalDocument } from '@conversa/contract/legal';
import type { Locale } from '@conversa/contract/constants';
import { html, raw } from 'hono/html';
import { renderHtmlPage } from '../static/html-page';

/** The documents' titles in every locale. */
export const LEGAL_TITLES: Record<LegalDocument, Record<Locale, string>> = {
  terms: { en: 'Terms of service', es: 'Términos del servicio' },
  privacy: { en: 'Privacy policy', es: 'Política de privacidad' },
};

/** Only inline styles and images: the texts need no script, form or frame. */
export const LEGAL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2937;background:#fff}
main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem 4rem}h1{font-size:1.75rem;line-height:1.25}
h2{font-size:1.2rem;margin-top:2rem}a{color:#3730a3}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}a{color:#a5b4fc}}`;

/** The whole page: `body` is the text's HTML, starting with its own `<h1>`. */
export function renderLegalPage(document: LegalDocument, lang: Locale, body: string) {
  return renderHtmlPage({
    lang,
    title: LEGAL_TITLES[document][lang],
    head: html`<style>
      ${raw(STYLE)}
    </style>`,
    body: html`<main>${raw(body)}</main>`,
  });
}
