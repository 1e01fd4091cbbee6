/**
 * Where the login shell's terms and privacy links go: the server's own pages (`/terms`,
 * `/privacy`), or the addresses the server names in the page's `<meta>`s when TERMS_URL or
 * PRIVACY_URL point elsewhere.
 */
import { LEGAL_META, LEGAL_PATHS, type LegalDocument } from '@conversa/contract/legal';

/** The address of a legal document for this page. */
export function legalLink(document: LegalDocument, doc: Document = globalThis.document): string {
  const named = doc.querySelector(`meta[name="${LEGAL_META[document]}"]`)?.getAttribute('content');
  return named || LEGAL_PATHS[document];
}
