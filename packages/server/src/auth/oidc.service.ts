/**
 * Google and Microsoft sign-in (DESIGN §4). The browser posts the provider's ID token; it is
 * verified against the provider's key set (signature, `iss`, `aud`, `exp`) and the identity is keyed
 * on (provider, subject). Accounts are never linked by the e-mail claim alone: an e-mail that already
 * has an account without this identity is refused.
 */
import type { Session } from '@conversa/contract/auth';
import type { Locale } from '@conversa/contract/constants';
import { EmailSchema } from '@conversa/contract/fields';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as v from 'valibot';
import type { OidcProviderConfig } from '../config';
import { identities } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { emailExists, insertUser } from '../users/users.repo';
import { startSession } from './session.service';

export type Provider = 'google' | 'microsoft';

/** What a verified ID token says about the person. */
export interface ProviderIdentity {
  provider: Provider;
  subject: string;
  email: string;
  /** The provider vouches that the address is the person's. */
  emailVerified: boolean;
  name: string;
  givenName: string | null;
  familyName: string | null;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
// One cached key set per URL: jose refetches it on an unknown `kid` (at most every 30 s).
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cacheMaxAge: 10 * 60 * 1000 });
    keySets.set(url, set);
  }
  return set;
}

const invalid = () => new ApiError(401, 'provider_token_invalid');

/** The provider's configuration, or 404 `provider_disabled` when it is not set up. */
export function providerConfig(deps: AppDeps, provider: Provider): OidcProviderConfig {
  const config = deps.config[provider];
  if (!config) throw new ApiError(404, 'provider_disabled');
  return config;
}

async function verifyIdToken(
  deps: AppDeps,
  config: OidcProviderConfig,
  token: string,
  issuer: string[] | undefined,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keySet(config.jwksUrl), {
      algorithms: ['RS256'],
      audience: config.clientId,
      issuer,
      currentDate: deps.clock.now(),
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  } catch (error) {
    deps.logger.info({ err: error }, 'provider ID token refused');
    throw invalid();
  }
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

function identity(
  provider: Provider,
  subject: string,
  email: unknown,
  emailVerified: boolean,
  payload: JWTPayload,
): ProviderIdentity {
  const parsed = v.safeParse(EmailSchema, email);
  if (!parsed.success) throw invalid();
  return {
    provider,
    subject,
    email: parsed.output,
    emailVerified,
    name: text(payload.name, 120) ?? '',
    givenName: text(payload.given_name, 60),
    familyName: text(payload.family_name, 60),
  };
}

/** Verifies a Google ID token (`credential`) issued to our client id, with a verified e-mail. */
export async function verifyGoogle(
  deps: AppDeps,
  body: { credential: string; client_id: string },
): Promise<ProviderIdentity> {
  const config = providerConfig(deps, 'google');
  if (body.client_id !== config.clientId) throw invalid();
  // Google signs with either form of its issuer.
  const issuers = [...new Set([config.issuer, 'accounts.google.com'])];
  const payload = await verifyIdToken(deps, config, body.credential, issuers);
  if (payload.email_verified !== true && payload.email_verified !== 'true') throw invalid();
  return identity('google', String(payload.sub), payload.email, true, payload);
}

/** Verifies a Microsoft ID token; the issuer must be the template with the token's own tenant. */
export async function verifyMicrosoft(deps: AppDeps, body: { id_token: string }): Promise<ProviderIdentity> {
  const config = providerConfig(deps, 'microsoft');
  const payload = await verifyIdToken(deps, config, body.id_token, undefined);
  const { tid, oid } = payload;
  if (typeof tid !== 'string' || typeof oid !== 'string' || tid === '' || oid === '') throw invalid();
  if (payload.iss !== config.issuer.replace('{tenantid}', tid)) throw invalid();
  return identity('microsoft', `${tid}:${oid}`, payload.email ?? payload.preferred_username, false, payload);
}

/**
 * Signs in the person behind a verified identity: the linked account, else a new account (no
 * password) when the e-mail is free, else 409 `account_uses_other_method`.
 */
export async function signInWithIdentity(
  deps: AppDeps,
  person: ProviderIdentity,
  locale: Locale,
): Promise<Session> {
  const { db } = deps.database;
  const match = and(eq(identities.provider, person.provider), eq(identities.subject, person.subject));
  const [linked] = await db.select({ userId: identities.userId }).from(identities).where(match).limit(1);
  if (linked) return startSession(deps, linked.userId);
  if (await emailExists(db, person.email)) throw new ApiError(409, 'account_uses_other_method');

  const now = deps.clock.now();
  const userId = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: person.email,
      passwordHash: null,
      fullName: person.name,
      firstName: person.givenName,
      lastName: person.familyName,
      locale,
      emailVerifiedAt: person.emailVerified ? now : null,
      now,
    });
    if (!user) throw new ApiError(409, 'account_uses_other_method');
    const [created] = await tx
      .insert(identities)
      .values({ provider: person.provider, subject: person.subject, userId: user.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: identities.userId });
    if (!created) throw new ApiError(409, 'conflict');
    return user.id;
  });
  return startSession(deps, userId);
}
