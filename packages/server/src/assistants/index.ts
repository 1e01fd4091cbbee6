/** What other features use of `assistants/` (docs/architecture.md: features reach each other through their folder's index). */
export {
  assistantColumns,
  channelAssistant,
  isHandoffConfirmed,
  ownerLocale,
  toDetail,
} from './assistants.repo';
export { ASSISTANT_TYPE_OF, assistantLocale, hasPublicChat, publicKindOf } from './assistants.service';
export { HANDOFF_CONFIRMATION_PATH } from './handoff-confirmation.job';
export { type CorrectedFaq, writeCorrectionFaq } from './faq-corrections.repo';
export { logoStorageKey, logoUrl } from './logo';
export { logoStore } from './logo-upload';
export { handoffConfirmationRepo, handoffMailColumns, handoffTokenHash } from './handoff-confirmation.repo';
// The root floor: routes and jobs.
export { assistantSettingsRoutes } from './assistant-settings.routes';
export { assistantsRoutes } from './assistants.routes';
export { logoRoutes } from './logo.routes';
export { SEND_HANDOFF_CONFIRMATION, sendHandoffConfirmationJob } from './handoff-confirmation.job';
