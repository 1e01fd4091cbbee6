/** What other features use of `users/` (docs/architecture.md: features reach each other through their folder's index). */
export { mailCode } from './email-codes';
export { MAIL_JOB_ATTEMPTS } from './password-mails.job';
export {
  asLocale,
  emailExists,
  findUserByEmail,
  findUserById,
  findUserName,
  insertUser,
  toProfile,
} from './users.repo';
export { buildSession, startSession } from './session.service';
// The root floor: routes and jobs.
export { usersRoutes } from './users.routes';
export {
  SEND_PASSWORD_CHANGED_MAIL,
  SEND_RESET_MAIL,
  sendPasswordChangedMailJob,
  sendResetMailJob,
} from './password-mails.job';
