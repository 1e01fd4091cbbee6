/**
 * `/terms` and `/privacy`, the legal texts the console's login shell links to: a redirect to
 * TERMS_URL / PRIVACY_URL when set, else a page in the visitor's language (Accept-Language) with
 * the operator's text from `DATA_DIR/legal/{terms,privacy}.{en,es}.html` when there is one, else
 * the default text shipped in `assets/legal/`. Files are read on each request, so a replaced
 * text shows without a restart.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@conversa/contract/constants';
import { LEGAL_PATHS, type LegalDocument } from '@conversa/contract/legal';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { pickLocale } from '../i18n/translate';
import { assetsFolder } from '../paths';
import { LEGAL_CSP, renderLegalPage } from './legal-page';

const shipped = path.join(fileURLToPath(assetsFolder), 'legal');

/** The file name of a document in a language. */
export const legalFileName = (document: LegalDocument, lang: Locale) => `${document}.${lang}.html`;

/**
 * The text to show and its language: the operator's in the visitor's language, else the operator's
 * in another language (their own words win over the default), else the default.
 */
async function legalText(dataDir: string, document: LegalDocument, lang: Locale) {
  const others = LOCALES.filter((other) => other !== lang);
  const candidates = [
    ...[lang, ...others].map((l) => ({ dir: path.join(dataDir, 'legal'), lang: l })),
    { dir: shipped, lang },
  ];
  for (const candidate of candidates) {
    try {
      const body = await readFile(path.join(candidate.dir, legalFileName(document, candidate.lang)), 'utf8');
      return { body, lang: candidate.lang };
    } catch {
      // Not there: the next one.
    }
  }
  throw new Error(`the default ${document} text is missing from ${shipped}`);
}

/** The legal pages' routes. */
export function legalRoutes(deps: AppDeps) {
  const { dataDir, legal, publicUrl } = deps.config;
  const elsewhere: Record<LegalDocument, string | null> = {
    terms: legal.termsUrl,
    privacy: legal.privacyUrl,
  };
  const app = new Hono<AppEnv>();
  for (const document of ['terms', 'privacy'] as const) {
    app.get(LEGAL_PATHS[document], async (c) => {
      const target = elsewhere[document];
      if (target) return c.redirect(target, 302);
      const text = await legalText(dataDir, document, pickLocale(c.req.header('accept-language')));
      c.header('Content-Security-Policy', LEGAL_CSP);
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Accept-Language');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Language', text.lang);
      return c.html(renderLegalPage(document, text.lang, text.body, publicUrl));
    });
  }
  return app;
}
