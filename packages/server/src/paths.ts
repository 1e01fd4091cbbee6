// Kept at the top of src/ so the same relative URLs work from src/ (tsx, tests) and from the bundle
// in dist/: both are one level below the package folder.
/** Committed SQL migrations. */
export const migrationsFolder = new URL('../drizzle/', import.meta.url);
/** The built admin console (`packages/admin/dist`), served on the API's port when it exists. */
export const adminDistFolder = new URL('../../admin/dist/', import.meta.url);
/** The built widget (`packages/widget/dist`: embed.js and the chat app), served when it exists. */
export const widgetDistFolder = new URL('../../widget/dist/', import.meta.url);
/** Files the server ships and serves itself: the default share image, the default legal texts. */
export const assetsFolder = new URL('../assets/', import.meta.url);
