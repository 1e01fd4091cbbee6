/** What other features use of `institutions/` (docs/architecture.md: features reach each other through their folder's index). */
export { institutionCountry, institutionName } from './institutions.repo';
