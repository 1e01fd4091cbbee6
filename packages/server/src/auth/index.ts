/** What other features use of `auth/` (docs/architecture.md: features reach each other through their folder's index). */
export { revokeSession, revokeUserSessions, startSession } from './session.service';
