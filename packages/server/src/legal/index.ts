/** What `legal/` offers the root floor and other features (docs/architecture.md: features reach each other through their folder's index). */
export { legalRoutes } from './legal.routes';
