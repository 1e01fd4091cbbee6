// The accounts the journeys use; the admin one is in the server's ADMIN_EMAILS.
/** Holds the platform admin role through ADMIN_EMAILS. */
export const ADMIN_EMAIL = 'e2e-admin@example.com';
/** A second admin, for the language journey (its locale changes must not reach the admin journey). */
export const POLYGLOT_EMAIL = 'e2e-polyglot@example.com';
/** A password that satisfies docs/product.md#validation. */
export const PASSWORD = 'Journey-Passw0rd';
/** A second valid password, for the change and reset journeys. */
export const NEW_PASSWORD = 'Changed-Passw0rd';
