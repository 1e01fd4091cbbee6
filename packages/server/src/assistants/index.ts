/** What other features use of `assistants/` (docs/architecture.md: features reach each other through their folder's index). */
export { assistantColumns, channelAssistant, isHandoffConfirmed, toDetail } from './assistants.repo';
export { HANDOFF_CONFIRMATION_PATH } from './handoff-confirmation.job';
export { handoffConfirmationRepo, handoffMailColumns, handoffTokenHash } from './handoff-confirmation.repo';
