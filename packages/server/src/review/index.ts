/** What `review/` offers the root floor and other features (docs/architecture.md: features reach each other through their folder's index). */
export { reviewRepo } from './review.repo';
// The root floor: routes.
export { reviewRoutes } from './review.routes';
