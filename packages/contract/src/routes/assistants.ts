/** Assistant routes (institution products): settings, logo, knowledge base, FAQs, files and their events. */
import type { Route } from './route';

export const listAssistants = {
  method: 'GET',
  path: '/institution/{id}/product',
} as const satisfies Route;
export const getAssistant = {
  method: 'GET',
  path: '/institution-product/{id}',
} as const satisfies Route;
export const createAssistant = {
  method: 'POST',
  path: '/institution-product',
} as const satisfies Route;
export const updateAssistant = {
  method: 'PUT',
  path: '/institution-product/{id}',
} as const satisfies Route;
export const resendHandoffConfirmation = {
  method: 'POST',
  path: '/institution-product/{id}/handoff/confirmation',
} as const satisfies Route;
export const getKnowledgeBase = {
  method: 'GET',
  path: '/institution-product/{id}/knowledge-base',
} as const satisfies Route;
export const putKnowledgeBase = {
  method: 'PUT',
  path: '/institution-product/{id}/knowledge-base',
} as const satisfies Route;
export const getFaqs = { method: 'GET', path: '/institution-product/{id}/faq' } as const satisfies Route;
export const putFaqs = { method: 'PUT', path: '/institution-product/{id}/faq' } as const satisfies Route;
export const uploadLogo = { method: 'POST', path: '/institution-product/{id}/logo' } as const satisfies Route;
export const listFiles = { method: 'GET', path: '/institution-product/{id}/file' } as const satisfies Route;
export const uploadFiles = {
  method: 'POST',
  path: '/institution-product/{id}/file',
} as const satisfies Route;
export const deleteFiles = {
  method: 'POST',
  path: '/institution-product/{id}/file/delete',
} as const satisfies Route;
export const assistantEvents = {
  method: 'GET',
  path: '/institution-product/{id}/events',
} as const satisfies Route;
