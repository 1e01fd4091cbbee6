// Seeding through the real HTTP API, for journeys whose subject is not sign-up itself (the admin,
// the language switch): accounts made by the same code path the sign-up screens use.
import { codeOf, nextMail, outboxMark } from './outbox';

/** What the journeys keep of a session. */
export interface SeededUser {
  email: string;
  password: string;
  jwt: string;
  userId: number;
}

/** Calls the API; throws with the answer on a non-2xx status. */
export async function api<T>(
  base: string,
  method: string,
  pathname: string,
  { body, token, institution }: { body?: unknown; token?: string; institution?: number } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // Staff routes on one institution's data name it in X-Institution-Id.
  if (institution !== undefined) headers['x-institution-id'] = String(institution);
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs a user up (code from the outbox) and fills in the profile. */
export async function seedUser(
  base: string,
  dataDir: string,
  {
    email,
    password,
    fullName,
    locale = 'en',
  }: { email: string; password: string; fullName: string; locale?: 'en' | 'es' },
): Promise<SeededUser> {
  const seen = await outboxMark(dataDir);
  await api(base, 'POST', '/user/register-by-email', { body: { email, locale } });
  const code = codeOf(await nextMail(dataDir, email, seen));
  const session = await api<{ jwt: string; user: { id: number } }>(base, 'POST', '/user/create-password', {
    body: { email, code, password },
  });
  await api(base, 'PUT', `/user/${session.user.id}/profile`, {
    token: session.jwt,
    body: { full_name: fullName, phone_number: null, locale, role: 'admissions_team' },
  });
  return { email, password, jwt: session.jwt, userId: session.user.id };
}

/** Creates an institution the user becomes the main member of; resolves to its id. */
export async function seedInstitution(
  base: string,
  token: string,
  body: { name: string; kind: 'school' | 'business'; country: string },
): Promise<number> {
  const institution = await api<{ id: number }>(base, 'POST', '/institution', { token, body });
  return institution.id;
}

/**
 * Confirms a handoff address as its owner would (contact mails go only to a confirmed one): reads
 * the confirmation link mailed to it from the outbox and posts the link page's form.
 */
export async function confirmHandoffEmail(base: string, dataDir: string, email: string): Promise<void> {
  const mail = await nextMail(dataDir, email, new Set(), (candidate) =>
    candidate.text.includes('/confirm-handoff?token='),
  );
  const token = /\/confirm-handoff\?token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`the mail to ${email} holds no confirmation link`);
  const response = await fetch(`${base}/confirm-handoff`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
  });
  if (response.status !== 200) throw new Error(`the handoff confirmation answered ${response.status}`);
}

/**
 * Signs a user up (`seedUser`) and creates their institution (`seedInstitution`): a main member
 * ready to sign in; the user and the institution's id.
 */
export async function seedMainMember(
  base: string,
  dataDir: string,
  user: { email: string; password: string; fullName: string },
  institution: { name: string; kind: 'school' | 'business'; country: string },
): Promise<{ owner: SeededUser; institutionId: number }> {
  const owner = await seedUser(base, dataDir, user);
  return { owner, institutionId: await seedInstitution(base, owner.jwt, institution) };
}
