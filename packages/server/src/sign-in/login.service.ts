/**
 * Sign-in with e-mail and password. A wrong e-mail and a wrong password give the same answer in
 * about the same time. Failures (never successes) count per account and per IP; at the limit every
 * attempt is a 429 until the window passes, even with the right password (docs/architecture.md#tenancy-and-auth).
 *
 * The attempt is counted before the password is checked, atomically (`takeLimits`): with
 * check-then-record, fifty parallel guesses would all pass the check before the first failure was
 * recorded. A right password gives its attempt back, so successes never count; the only cost is
 * that more than the limit of attempts in flight at the same instant (which no person typing
 * produces) may see a 429 for a moment.
 */
import type { Session } from '@conversa/contract/auth';
import { audit } from '../audit/audit.service';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { loginAccountLimit, loginIpLimit } from '../rate-limit/limits';
import { giveBack, takeLimits } from '../rate-limit/rate-limit.service';
import { verifyAgainstDummy, verifyPassword } from '../auth/password';
import { findUserByEmail, startSession } from '../users';

/** Checks the credentials and opens a session. */
export async function login(
  deps: AppDeps,
  input: { email: string; password: string; ip: string },
): Promise<Session> {
  const taken = await takeLimits(deps, [loginAccountLimit(input.email), loginIpLimit(input.ip)]);

  const user = await findUserByEmail(deps.database.db, input.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    // The attempted address only when it has no account (a known one is named by its user id).
    await audit(deps, {
      action: 'sign_in_failed',
      userId: user?.id ?? null,
      ip: input.ip,
      detail: user ? { method: 'password' } : { method: 'password', email: input.email },
    });
    throw new ApiError(401, 'invalid_credentials');
  }
  await giveBack(deps, taken);
  await audit(deps, { action: 'sign_in', userId: user.id, ip: input.ip, detail: { method: 'password' } });
  return startSession(deps, user.id);
}
