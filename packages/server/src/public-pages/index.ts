/** What other features use of `public-pages/` (docs/architecture.md: features reach each other through their folder's index). */
export { sessionOriginAllowed } from './public-pages.service';
