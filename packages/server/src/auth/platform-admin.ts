/**
 * Who holds the platform `admin` role: a user granted it (`users.is_admin`), or one whose address is
 * in ADMIN_EMAILS and was verified. An unverified address proves nothing: anyone could have typed
 * it, or a provider could have passed it on without checking it.
 */
import type { Config } from '../config';

/** The user fields the decision needs. */
export interface AdminCandidate {
  email: string;
  emailVerifiedAt: Date | null;
  isAdmin: boolean;
}

/** True when the user acts as platform admin. */
export function isPlatformAdmin(config: Pick<Config, 'adminEmails'>, user: AdminCandidate): boolean {
  return user.isAdmin || (user.emailVerifiedAt !== null && config.adminEmails.has(user.email));
}
