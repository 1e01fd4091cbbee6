/** Sales-support routes: the allowed numbers (the WhatsApp whitelist) and the WhatsApp channel's settings. */
import type { Route } from './route';

export const listAllowedNumbers = {
  method: 'GET',
  path: '/whatsapp-whitelist/institution-product/{id}',
} as const satisfies Route;
export const addAllowedNumber = { method: 'POST', path: '/whatsapp-whitelist' } as const satisfies Route;
export const deleteAllowedNumbers = {
  method: 'POST',
  path: '/whatsapp-whitelist/delete',
} as const satisfies Route;
export const getWhatsappSettings = {
  method: 'GET',
  path: '/institution-product/{id}/whatsapp',
} as const satisfies Route;
export const updateWhatsappSettings = {
  method: 'PUT',
  path: '/institution-product/{id}/whatsapp',
} as const satisfies Route;
/** Replies that could not be sent, and sending them again. */
export const listFailedReplies = {
  method: 'GET',
  path: '/institution-product/{id}/whatsapp/failed-replies',
} as const satisfies Route;
export const retryFailedReplies = {
  method: 'POST',
  path: '/institution-product/{id}/whatsapp/failed-replies/retry',
} as const satisfies Route;
/** The sellers' questions on WhatsApp that did not become a lead or an order, with their answers. */
export const listSellerQuestions = {
  method: 'GET',
  path: '/institution-product/{id}/whatsapp/questions',
} as const satisfies Route;
/** Meta's webhook: the verification handshake, and the deliveries (signed). */
export const verifyWhatsappWebhook = { method: 'GET', path: '/whatsapp/webhook' } as const satisfies Route;
export const receiveWhatsappWebhook = { method: 'POST', path: '/whatsapp/webhook' } as const satisfies Route;
/** The fields an institution adds to its leads and orders. */
export const getLeadFields = {
  method: 'GET',
  path: '/institution-product/{id}/lead-fields',
} as const satisfies Route;
export const putLeadFields = {
  method: 'PUT',
  path: '/institution-product/{id}/lead-fields',
} as const satisfies Route;
export const getOrderFields = {
  method: 'GET',
  path: '/institution-product/{id}/order-fields',
} as const satisfies Route;
export const putOrderFields = {
  method: 'PUT',
  path: '/institution-product/{id}/order-fields',
} as const satisfies Route;
/** Leads and orders sellers entered. */
