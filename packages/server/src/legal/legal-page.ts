/**
 * The page around a legal text: the text is the operator's own HTML (a file they wrote, trusted as
 * such), shown as it is inside a plain, readable page in its language. The page runs no script.
 */
import { LEGAL_PATHS, type LegalDocument } from '@conversa/contract/legal';
import { type Locale, PRODUCT_NAME } from '@conversa/contract/constants';
import { html, raw } from 'hono/html';
import { renderHtmlPage } from '../static';
import { SHARE_IMAGE_PATH, SHARE_IMAGE_SIZE } from '../static';

/** The documents' titles in every locale. */
export const LEGAL_TITLES: Record<LegalDocument, Record<Locale, string>> = {
  terms: { en: 'Terms of service', es: 'Términos del servicio' },
  privacy: { en: 'Privacy policy', es: 'Política de privacidad' },
};

/** What a shared link to a document previews with, in every locale. */
export const LEGAL_DESCRIPTIONS: Record<LegalDocument, Record<Locale, string>> = {
  terms: {
    en: `The terms of service of ${PRODUCT_NAME}.`,
    es: `Los términos del servicio de ${PRODUCT_NAME}.`,
  },
  privacy: {
    en: `How ${PRODUCT_NAME} handles personal data.`,
    es: `Cómo trata ${PRODUCT_NAME} los datos personales.`,
  },
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

/**
 * The whole page: `body` is the text's HTML, starting with its own `<h1>`. Its share tags use
 * absolute addresses under `publicUrl` (a preview fetches them from elsewhere).
 */
export function renderLegalPage(document: LegalDocument, lang: Locale, body: string, publicUrl: string) {
  const title = LEGAL_TITLES[document][lang];
  const description = LEGAL_DESCRIPTIONS[document][lang];
  const url = `${publicUrl}${LEGAL_PATHS[document]}`;
  return renderHtmlPage({
    lang,
    title,
    head: html`<meta name="description" content="${description}" />
      <link rel="canonical" href="${url}" />
      <meta property="og:url" content="${url}" />
      <meta property="og:title" content="${title}" />
      <meta property="og:description" content="${description}" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="${PRODUCT_NAME}" />
      <meta property="og:image" content="${publicUrl}${SHARE_IMAGE_PATH}" />
      <meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}" />
      <meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}" />
      <meta name="twitter:card" content="summary_large_image" />
      <style>
        ${raw(STYLE)}
      </style>`,
    body: html`<main>${raw(body)}</main>`,
  });
}
