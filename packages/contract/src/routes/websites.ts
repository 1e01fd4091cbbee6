/** The routes of the websites an assistant learns from (docs/architecture.md#websites). */
import type { Route } from './route';

export const listWebsites = {
  method: 'GET',
  path: '/institution-product/{id}/website',
} as const satisfies Route;
export const addWebsite = {
  method: 'POST',
  path: '/institution-product/{id}/website',
} as const satisfies Route;
export const updateWebsite = {
  method: 'PUT',
  path: '/institution-product/{id}/website/{siteId}',
} as const satisfies Route;
export const syncWebsite = {
  method: 'POST',
  path: '/institution-product/{id}/website/{siteId}/sync',
} as const satisfies Route;
export const verifyWebsiteOwner = {
  method: 'POST',
  path: '/institution-product/{id}/website/{siteId}/owner-check',
} as const satisfies Route;
export const deleteWebsites = {
  method: 'POST',
  path: '/institution-product/{id}/website/delete',
} as const satisfies Route;
export const listWebsitePages = {
  method: 'GET',
  path: '/institution-product/{id}/website/{siteId}/page',
} as const satisfies Route;
