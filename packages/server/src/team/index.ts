/** What `team/` offers the root floor and other features (docs/architecture.md: features reach each other through their folder's index). */
export { teamRoutes } from './team.routes';
export { SEND_INVITATION_MAIL, sendInvitationMailJob } from './invitation-mail.job';
