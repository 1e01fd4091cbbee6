/**
 * Renewal of the staff access token (docs/architecture.md#tenancy-and-auth): the server signs short
 * tokens and ends a session left idle, so the client asks `auth/renew` for a fresh token before a
 * call once the one it holds is past half its life. A console in use therefore never meets an
 * expired token; one left alone is signed out by the server's idle timeout.
 */

/** The `iat` and `exp` of a JWT, in seconds; null when it is not a readable JWT. */
function lifeOf(token: string): { iat: number; exp: number } | null {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const { iat, exp } = claims;
    return typeof iat === 'number' && typeof exp === 'number' && exp > iat ? { iat, exp } : null;
  } catch {
    return null;
  }
}

/**
 * Decides when a token is due for renewal. Ages are measured on this device's clock from when the
 * token arrived (`received`), so a skewed clock cannot make every call renew; a token found in
 * storage (a reload) is aged by its `iat`, at most its whole life.
 */
export function renewalClock(now: () => number) {
  const arrived = new Map<string, number>();
  return {
    /** A token just received (a sign-in or a renewal); a token already known keeps its age. */
    received(token: string): void {
      if (arrived.has(token)) return;
      if (arrived.size > 20) arrived.clear();
      arrived.set(token, now());
    },
    /** True when the token is past half its life. */
    due(token: string): boolean {
      const life = lifeOf(token);
      if (!life) return false;
      const lifeMs = (life.exp - life.iat) * 1000;
      let since = arrived.get(token);
      if (since === undefined) {
        since = now() - Math.min(lifeMs, Math.max(0, now() - life.iat * 1000));
        arrived.set(token, since);
      }
      return now() - since >= lifeMs / 2;
    },
  };
}
