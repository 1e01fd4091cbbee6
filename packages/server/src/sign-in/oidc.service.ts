/**
 * Google and Microsoft sign-in (docs/architecture.md#tenancy-and-auth). The browser posts the provider's ID token; it is
 * verified against the provider's key set (signature, `iss`, `aud`, `exp`), must carry a fresh
 * nonce from `POST auth/nonce` (./nonce.ts), and the identity is keyed
 * on (provider, subject). Accounts are never linked by the e-mail claim alone: an e-mail that already
 * has an account without this identity is refused.
 *
 * An e-mail claim is used only when the provider vouches for it: Google's `email_verified`, and for
 * Microsoft `xms_edov` (the domain owner verified the `email` claim) or a tenant on
 * MICROSOFT_TENANT_IDS (an organisation the operator trusts to manage its addresses). Any Azure AD
 * tenant can otherwise put any address in `email` or `preferred_username`. Without a vouched-for
 * address, a known (tid, oid) identity still signs in, but no account is created for it: an account
 * under an address nobody proved would squat that address, and invitations by e-mail would reach it.
 */
import type { Session } from '@conversa/contract/auth';
import type { Locale } from '@conversa/contract/constants';
import { EmailSchema } from '@conversa/contract/fields';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as v from 'valibot';
import { consumeNonce } from '../auth/nonce';
import type { OidcProviderConfig } from '../config';
import { identities } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { emailExists, insertUser, startSession } from '../users';

export type Provider = 'google' | 'microsoft';

/** What a verified ID token says about the person. */
export interface ProviderIdentity {
  provider: Provider;
  subject: string;
  /** The address, only when the provider vouches that it is the person's; else null. */
  email: string | null;
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

/** A refusal's code (`ERR_JWT_CLAIM_VALIDATION_FAILED`, …) and the claim it names, never values. */
const refusalReason = (error: unknown) => {
  const { code, claim } = (error ?? {}) as { code?: unknown; claim?: unknown };
  return [code, claim].filter((part) => typeof part === 'string').join(' ') || 'unknown';
};

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
    // Only why: the error objects of jose carry the token's claims (who tried), kept out of logs.
    deps.logger.info({ reason: refusalReason(error) }, 'provider ID token refused');
    throw invalid();
  }
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

function parseEmail(value: unknown): string | null {
  const parsed = v.safeParse(EmailSchema, value);
  return parsed.success ? parsed.output : null;
}

function identity(
  provider: Provider,
  subject: string,
  email: string | null,
  payload: JWTPayload,
): ProviderIdentity {
  return {
    provider,
    subject,
    email,
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
  const email = parseEmail(payload.email);
  if (!email) throw invalid();
  await consumeNonce(deps, payload.nonce);
  return identity('google', String(payload.sub), email, payload);
}

/** Verifies a Microsoft ID token; the issuer must be the template with the token's own tenant. */
export async function verifyMicrosoft(deps: AppDeps, body: { id_token: string }): Promise<ProviderIdentity> {
  const config = providerConfig(deps, 'microsoft');
  const payload = await verifyIdToken(deps, config, body.id_token, undefined);
  const { tid, oid } = payload;
  if (typeof tid !== 'string' || typeof oid !== 'string' || tid === '' || oid === '') throw invalid();
  if (payload.iss !== config.issuer.replace('{tenantid}', tid)) throw invalid();
  await consumeNonce(deps, payload.nonce);
  return identity('microsoft', `${tid}:${oid}`, microsoftEmail(deps, tid, payload), payload);
}

/** The address of a Microsoft token when Microsoft or the operator vouches for it, else null. */
function microsoftEmail(deps: AppDeps, tid: string, payload: JWTPayload): string | null {
  if (deps.config.microsoftTenantIds.has(tid.toLowerCase())) {
    return parseEmail(payload.email) ?? parseEmail(payload.preferred_username);
  }
  // xms_edov is an optional claim (the app registration must ask for it); it covers `email` only.
  if (payload.xms_edov === true || payload.xms_edov === 'true') return parseEmail(payload.email);
  return null;
}

/**
 * Signs in the person behind a verified identity: the linked account, else a new account (no
 * password, address verified) when the provider vouched for a free e-mail, else 409
 * `account_uses_other_method`, or 403 `provider_email_unverified` without a vouched-for e-mail.
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
  const { email } = person;
  if (email === null) throw new ApiError(403, 'provider_email_unverified');
  if (await emailExists(db, email)) throw new ApiError(409, 'account_uses_other_method');

  const now = deps.clock.now();
  const userId = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      passwordHash: null,
      fullName: person.name,
      firstName: person.givenName,
      lastName: person.familyName,
      locale,
      emailVerifiedAt: now,
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
