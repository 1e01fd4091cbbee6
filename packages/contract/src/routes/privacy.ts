/** Retention, one person's data, and deleting an assistant, an institution or an account (issue 36). */
import type { Route } from './route';

export const getRetention = { method: 'GET', path: '/institution/{id}/retention' } as const satisfies Route;
export const putRetention = { method: 'PUT', path: '/institution/{id}/retention' } as const satisfies Route;
export const findPerson = { method: 'GET', path: '/institution/{id}/person' } as const satisfies Route;
export const exportPerson = {
  method: 'GET',
  path: '/institution/{id}/person/export',
} as const satisfies Route;
export const erasePerson = {
  method: 'POST',
  path: '/institution/{id}/person/erase',
} as const satisfies Route;
export const deleteOwnConversation = {
  method: 'POST',
  path: '/public/conversation/{id}/delete',
} as const satisfies Route;
export const deleteAssistants = {
  method: 'POST',
  path: '/institution-product/delete',
} as const satisfies Route;
export const deleteInstitution = {
  method: 'POST',
  path: '/institution/{id}/delete',
} as const satisfies Route;
export const getAccountDeletion = { method: 'GET', path: '/user/{id}/deletion' } as const satisfies Route;
export const deleteAccount = { method: 'POST', path: '/user/{id}/delete' } as const satisfies Route;
