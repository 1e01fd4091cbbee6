/**
 * The terms of service and the privacy policy, linked from the console's login shell: served by the
 * server at their paths, or elsewhere (TERMS_URL, PRIVACY_URL), which the server then tells the
 * console through a `<meta>` of its `index.html`.
 */

/** The two documents. */
export type LegalDocument = 'terms' | 'privacy';

/** Where the server serves each document (and what the console links to by default). */
export const LEGAL_PATHS = { terms: '/terms', privacy: '/privacy' } as const satisfies Record<
  LegalDocument,
  string
>;

/** The `<meta name>` naming each document's address when it lives elsewhere. */
export const LEGAL_META = {
  terms: 'conversa-terms-url',
  privacy: 'conversa-privacy-url',
} as const satisfies Record<LegalDocument, string>;
