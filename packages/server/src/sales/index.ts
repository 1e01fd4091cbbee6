/**
 * What the rest of the server uses of `sales/` (docs/architecture.md: features reach each other
 * through their folder's index): its routes and its jobs, WhatsApp (`sales/whatsapp/`) included.
 */
export { recordsRoutes } from './records.routes';
export { salesRoutes } from './sales.routes';
export { WHATSAPP_ENTRY_EXPIRY } from './sellers.service';
export { failedRepliesRoutes } from './whatsapp/failed-replies.routes';
export { WHATSAPP_INCOMING, whatsappEntryExpiryJob, whatsappIncomingJob } from './whatsapp/incoming.job';
export { WHATSAPP_RESEND, whatsappResendJob } from './whatsapp/resend.job';
export { whatsappWebhookRoutes } from './whatsapp/webhook.routes';
