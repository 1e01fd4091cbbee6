/** What `meta/` offers the root floor and other features (docs/architecture.md: features reach each other through their folder's index). */
export { metaRoutes } from './meta.routes';
export { createMetrics, OTHER_ROUTE } from './metrics';
