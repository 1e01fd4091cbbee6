/**
 * Direct database fixtures for tests that need a signed-in user without walking the sign-up flow.
 * The sign-up flow itself is tested through HTTP in the auth and user tests.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/password';
import { signStaffToken } from '../auth/tokens';
import { rateEvents, sessions, users } from '../db/schema';
import { modelUserLimit } from '../rate-limit/limits';
import { whatsappMessages } from '../db/sales-schema';
import type { TestServer } from './test-server';

let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** Inserts a user with a password (`Passw0rd!` unless given). */
export async function createUser(
  server: TestServer,
  options: {
    email?: string;
    password?: string;
    fullName?: string;
    locale?: 'en' | 'es';
    isAdmin?: boolean;
    /** The address counts as proved (as after the sign-up code); default true. */
    emailVerified?: boolean;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'Passw0rd!';
  const [row] = await server.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      fullName: options.fullName ?? 'Test User',
      locale: options.locale ?? 'en',
      isAdmin: options.isAdmin ?? false,
      emailVerifiedAt: (options.emailVerified ?? true) ? server.clock.now() : null,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

/** Opens a session for a user and returns its staff token. */
export async function signIn(server: TestServer, userId: number): Promise<string> {
  const now = server.clock.now();
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + server.config.sessions.maxAgeMs);
  await server.database.db.insert(sessions).values({ id: sessionId, userId, expiresAt, lastSeenAt: now });
  return signStaffToken(server.config.keys.tokenKey, {
    userId,
    sessionId,
    now,
    expiresAt: new Date(now.getTime() + server.config.sessions.tokenTtlMs),
  });
}

/** A user and a token in one call. */
export async function createSignedInUser(
  server: TestServer,
  options?: Parameters<typeof createUser>[1],
): Promise<TestUser & { token: string }> {
  const user = await createUser(server, options);
  return { ...user, token: await signIn(server, user.id) };
}

/** A seller's question answered from the knowledge and sent, as the WhatsApp job records them; its id. */
export async function recordSellerQuestion(
  server: TestServer,
  ref: { institutionId: number; assistantId: number },
  asked: { from: string; question: string; answer: string },
): Promise<number> {
  const { db } = server.database;
  const [incoming] = await db
    .insert(whatsappMessages)
    .values({
      ...ref,
      waMessageId: `wamid.fixture-${randomUUID()}`,
      direction: 'in',
      phoneNumber: asked.from,
      body: asked.question,
      type: 'text',
    })
    .returning({ id: whatsappMessages.id });
  await db.insert(whatsappMessages).values({
    ...ref,
    waMessageId: `wamid.fixture-${randomUUID()}`,
    direction: 'out',
    replyTo: incoming!.id,
    phoneNumber: asked.from,
    body: asked.answer,
    type: 'answer',
    status: 'sent',
  });
  return incoming!.id;
}

/**
 * A WhatsApp reply of an assistant that could not be sent, as the job records one, with the message
 * it answered (for screens that list failures without a Graph API peer; the webhook tests walk the
 * real path). Its row id.
 */
export async function recordFailedReply(
  server: TestServer,
  ref: { institutionId: number; assistantId: number },
  reply: { to: string | null; question: string | null; body: string; error: string },
): Promise<number> {
  const { db } = server.database;
  const [incoming] = await db
    .insert(whatsappMessages)
    .values({
      ...ref,
      waMessageId: `wamid.fixture-${randomUUID()}`,
      direction: 'in',
      phoneNumber: reply.to,
      body: reply.question,
      type: reply.question === null ? 'image' : 'text',
    })
    .returning({ id: whatsappMessages.id });
  const [failed] = await db
    .insert(whatsappMessages)
    .values({
      ...ref,
      direction: 'out',
      replyTo: incoming!.id,
      phoneNumber: reply.to,
      body: reply.body,
      type: 'answer',
      status: 'failed',
      error: reply.error,
    })
    .returning({ id: whatsappMessages.id });
  return failed!.id;
}

/**
 * Takes a member's model calls of these ten minutes, as their earlier Try it questions and overviews
 * (in this process or another) would have: their next model call is refused.
 */
export async function useUpModelCalls(server: TestServer, userId: number): Promise<void> {
  const { key, max } = modelUserLimit(userId);
  const at = server.clock.now();
  await server.database.db.insert(rateEvents).values(Array.from({ length: max }, () => ({ key, at })));
}

/** The token of the newest handoff confirmation link mailed to `email`; fails the test when none was. */
export async function handoffConfirmationToken(server: TestServer, email: string): Promise<string> {
  const mail = await server.lastMailTo(email);
  const token = /\/confirm-handoff\?token=([\w-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no handoff confirmation link was mailed to ${email}`);
  return token;
}

/** Posts a confirmation link's form, as its button does; the result page's status and text. */
export async function postHandoffConfirmation(server: TestServer, token: string, locale = 'en') {
  const response = await server.request('/confirm-handoff', {
    method: 'POST',
    body: new URLSearchParams({ token }),
    locale,
  });
  return { status: response.status, text: await response.text() };
}

/**
 * Confirms a handoff address as its owner would: opens the newest link mailed to it and presses
 * the button. Contact mails go only to a confirmed address.
 */
export async function confirmHandoffEmail(server: TestServer, email: string): Promise<void> {
  const { status, text } = await postHandoffConfirmation(
    server,
    await handoffConfirmationToken(server, email),
  );
  if (status !== 200) throw new Error(`the confirmation answered ${status}: ${text}`);
}
