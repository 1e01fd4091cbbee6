/**
 * Sign-in with e-mail and password. A wrong e-mail and a wrong password give the same answer in
 * about the same time. Failures (never successes) count per account and per IP; at the limit every
 * attempt is a 429 until the window passes, even with the right password (DESIGN §4).
 */
import type { Session } from '@conversa/contract/auth';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { loginAccountLimit, loginIpLimit } from '../rate-limit/limits';
import { enforceLimits, recordEvents } from '../rate-limit/rate-limit.service';
import { findUserByEmail } from '../users/users.repo';
import { verifyAgainstDummy, verifyPassword } from './password';
import { startSession } from './session.service';

/** Checks the credentials and opens a session. */
export async function login(
  deps: AppDeps,
  input: { email: string; password: string; ip: string },
): Promise<Session> {
  const limits = [loginAccountLimit(input.email), loginIpLimit(input.ip)];
  await enforceLimits(deps, limits);

  const user = await findUserByEmail(deps.database.db, input.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordEvents(
      deps,
      limits.map((limit) => limit.key),
    );
    throw new ApiError(401, 'invalid_credentials');
  }
  return startSession(deps, user.id);
}
