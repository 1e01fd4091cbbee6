/** What other features use of `static/` (docs/architecture.md: features reach each other through their folder's index). */
export { renderHtmlPage } from './html-page';
export { SHARE_IMAGE_PATH, SHARE_IMAGE_SIZE } from './share-image';
// The root floor: routes.
export { adminStaticRoutes, hasBuiltApp } from './admin-static';
export { shareImageRoutes } from './share-image';
