/**
 * A visitor rates answers (`POST public/conversation/{id}/feedback`, issue 35): one rating per
 * answer, which a new one replaces; the transcript shows it, the list row and the CSV count it.
 * Access rules are in guards/guards.test.ts.
 */
import type { ChatSession } from '@conversa/contract/chat';
import type { ConversationDetail, ConversationListItem } from '@conversa/contract/conversation';
import type { Feedback } from '@conversa/contract/review';
import { FEEDBACK_REASON_MAX } from '@conversa/contract/review';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/conversations-schema';
import { FEEDBACK_PER_CONVERSATION } from '../rate-limit/limits';
import { ask, setFaqs, startSession } from '../testing/chat.fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';

let server: TestServer;
let school: Tenant;
let other: Tenant;

const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Luna', kind: 'school', country: 'ES' });
  other = await createTenant(server, { name: 'Colegio Sol', kind: 'school', country: 'ES' });
  await setFaqs(server, school, [
    { question: 'How much is the tuition fee?', answer: 'The tuition fee is 450 euros a month.' },
  ]);
});
afterAll(() => server.close());

/** A visitor's conversation with one answer: the session and the answer's id. */
async function answered(
  tenant = school,
): Promise<{ session: ChatSession; answerId: number; questionId: number }> {
  const session = await startSession(server, tenant);
  const asked = await ask(server, session, 'How much is the tuition fee?');
  const done = asked.events.find((event) => event.event === 'done')!.data;
  return { session, answerId: Number(done.message_id), questionId: Number(done.user_message_id) };
}

const rate = (
  session: ChatSession,
  json: unknown,
  { ip = '203.0.113.7', conversationId = session.conversation_id } = {},
) =>
  server.call<{ data?: Feedback; code?: string; issues?: { path: string; code: string }[] }>(
    `/api/public/conversation/${conversationId}/feedback`,
    { method: 'POST', token: session.token, json, ip, locale: 'en' },
  );

const ratingOf = async (id: number) =>
  (
    await server.database.db
      .select({ rating: messages.rating, reason: messages.ratingReason })
      .from(messages)
      .where(and(eq(messages.institutionId, school.institution.id), eq(messages.id, id)))
  )[0];

describe('POST public/conversation/{id}/feedback', () => {
  it('keeps one rating per answer, which the visitor may change; the transcript, the row and the CSV show it', async () => {
    const { session, answerId } = await answered();
    const up = await rate(session, { message_id: answerId, rating: 'up' });
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({ message_id: answerId, rating: 'up', reason: null });

    const down = await rate(session, {
      message_id: answerId,
      rating: 'down',
      reason: '  The fee went up in September. ',
    });
    expect(down.body.data).toEqual({
      message_id: answerId,
      rating: 'down',
      reason: 'The fee went up in September.',
    });
    // The same rating again changes nothing in the counts.
    await rate(session, { message_id: answerId, rating: 'down', reason: 'The fee went up in September.' });

    const detail = await server.call<{ data: ConversationDetail }>(
      `/api/conversation/${session.conversation_id}`,
      asOwner(school),
    );
    const answer = detail.body.data.messages.find((message) => message.id === answerId);
    expect(answer).toMatchObject({
      rating: 'down',
      rating_reason: 'The fee went up in September.',
      corrected: null,
    });

    const list = await server.call<{ data: ConversationListItem[] }>(
      `/api/institution-product/${school.assistant.id}/conversation`,
      asOwner(school),
    );
    expect(list.body.data.find((row) => row.id === session.conversation_id)).toMatchObject({
      rated_up: 0,
      rated_down: 1,
    });

    const csv = await (
      await server.request(`/api/institution-product/${school.assistant.id}/conversation/download`, {
        ...asOwner(school),
        locale: 'en',
      })
    ).text();
    const [headers, ...records] = parse(csv.replace(/^\uFEFF/, '')) as string[][];
    expect(headers!.slice(-2)).toEqual(['Rated up', 'Rated down']);
    expect(records.find((record) => record[0] === session.conversation_id)!.slice(-2)).toEqual(['0', '1']);

    // The visitor sees their own rating again when the chat reloads.
    const own = await server.call<{
      data: { messages: { id: number; rating?: string | null; corrected?: unknown }[] };
    }>(`/api/public/conversation/${session.conversation_id}`, { token: session.token });
    const seen = own.body.data.messages.find((message) => message.id === answerId);
    expect(seen?.rating).toBe('down');
    expect(seen).not.toHaveProperty('corrected');
  });

  it('rates only answers of the conversation: a question is a 404, another conversation 403', async () => {
    const { session, answerId, questionId } = await answered();
    const { session: second, answerId: secondAnswer } = await answered();
    expect((await rate(session, { message_id: questionId, rating: 'up' })).status).toBe(404);
    // Another conversation's answer through this conversation's path: not found here.
    expect((await rate(session, { message_id: secondAnswer, rating: 'down' })).status).toBe(404);
    // This visitor's token on another conversation's path.
    expect(
      (
        await rate(
          session,
          { message_id: secondAnswer, rating: 'down' },
          { conversationId: second.conversation_id },
        )
      ).status,
    ).toBe(403);
    expect(await ratingOf(secondAnswer)).toEqual({ rating: null, reason: null });
    expect(await ratingOf(questionId)).toEqual({ rating: null, reason: null });
    expect(await ratingOf(answerId)).toEqual({ rating: null, reason: null });
  });

  it("another tenant's staff cannot read the ratings: its transcript is a 404", async () => {
    const { session, answerId } = await answered();
    await rate(session, { message_id: answerId, rating: 'down', reason: 'Wrong' });
    const { status } = await server.call(`/api/conversation/${session.conversation_id}`, asOwner(other));
    expect(status).toBe(404);
  });

  it('refuses a reason over the limit and a rating that is neither up nor down, changing nothing', async () => {
    const { session, answerId } = await answered();
    const long = await rate(session, {
      message_id: answerId,
      rating: 'down',
      reason: 'x'.repeat(FEEDBACK_REASON_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.issues?.[0]).toMatchObject({ path: 'reason', code: 'too_long' });
    const sideways = await rate(session, { message_id: answerId, rating: 'meh' });
    expect(sideways.status).toBe(400);
    expect(await ratingOf(answerId)).toEqual({ rating: null, reason: null });
    // The longest reason is taken.
    expect(
      (await rate(session, { message_id: answerId, rating: 'down', reason: 'y'.repeat(FEEDBACK_REASON_MAX) }))
        .status,
    ).toBe(200);
  });

  it('never fails on any body: a 200 for a valid rating of the answer, else a 400 or 404, and nothing else changes', async () => {
    const { session, answerId, questionId } = await answered();
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.constantFrom('up', 'down', answerId, questionId, -1, 1.5),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ message_id: value, rating: value, reason: value }, { requiredKeys: [] }),
        async (json) => {
          run += 1;
          const { status } = await rate(session, json, { ip: `198.51.100.${run}` });
          expect([200, 400, 404]).toContain(status);
          expect(await ratingOf(questionId)).toEqual({ rating: null, reason: null });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is rate-limited per conversation', async () => {
    const { session, answerId } = await answered();
    for (let i = 0; i < FEEDBACK_PER_CONVERSATION; i += 1)
      expect(
        (await rate(session, { message_id: answerId, rating: i % 2 ? 'up' : 'down' }, { ip: `192.0.2.${i}` }))
          .status,
      ).toBe(200);
    const refused = await rate(session, { message_id: answerId, rating: 'up' }, { ip: '192.0.2.250' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
  });
});
