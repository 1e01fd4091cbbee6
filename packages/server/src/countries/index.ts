/** What other features use of `countries/` (docs/architecture.md: features reach each other through their folder's index). */
export { countryData, isCountryCode } from './countries.service';
// The root floor: routes.
export { countriesRoutes } from './countries.routes';
