/** What other features use of `whatsapp/` (docs/architecture.md: features reach each other through their folder's index). */
export { type ChannelRow, channelsRepo } from './channels.repo';
export { GraphUnreachableError, ownsNumber } from './graph';
