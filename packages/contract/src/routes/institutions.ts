/** Institution routes: create, read, update, the logo, and the platform admin's list. */
import type { Route } from './route';

export const createInstitution = { method: 'POST', path: '/institution' } as const satisfies Route;
export const listInstitutions = { method: 'GET', path: '/institution' } as const satisfies Route;
export const getInstitution = { method: 'GET', path: '/institution/{id}' } as const satisfies Route;
export const updateInstitution = { method: 'PUT', path: '/institution/{id}' } as const satisfies Route;
export const uploadInstitutionLogo = {
  method: 'POST',
  path: '/institution/{id}/logo',
} as const satisfies Route;
export const deleteInstitutionLogo = {
  method: 'POST',
  path: '/institution/{id}/logo/delete',
} as const satisfies Route;
