/** What `conversations/` offers the root floor and other features (docs/architecture.md: features reach each other through their folder's index). */
// The root floor: routes and jobs.
export { conversationsRoutes } from './conversations.routes';
export { SEND_CONTACT_MAIL, sendContactMailJob } from './contact-mail.job';
export { LIVE_WAITING, liveWaitingJob } from './live-waiting.job';
