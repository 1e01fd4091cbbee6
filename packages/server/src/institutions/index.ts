/** What other features use of `institutions/` (docs/architecture.md: features reach each other through their folder's index). */
export { institutionCountry, institutionName } from './institutions.repo';
// The root floor: routes.
export { institutionsRoutes } from './institutions.routes';
