/**
 * The dashboard's stats kept by triggers (migration 0009): after any sequence of conversations
 * started, questions answered or not, contacts left, overviews, deletes and preview conversations,
 * the stats and lengths (by quarter hour and by hour) and the totals sum to what the conversations
 * themselves say; and the dashboard read from them matches a direct count, in a time zone whose days
 * start at :45 (quarter hours) and in one whose days start on the hour (hours).
 */
import * as fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorConversationsRepo } from '../chat/visitor-conversations.repo';
import { assistants } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { PREVIEW_CHANNEL } from './staff-conversations.repo';
import { dashboard, daysStartOnTheHour, medianOf } from './dashboard';

/** A day's ratings and review figures when nothing was rated (review/ratings.test.ts counts them). */
const noRatings = { rated: 0, rated_up: 0, to_review: 0 };

let server: TestServer;
let school: Tenant;
const START = Date.parse('2026-03-01T00:00:00Z');

beforeAll(async () => {
  server = await createTestServer();
  school = await createTenant(server, { name: 'Colegio Norte', kind: 'school', country: 'ES' });
});
afterAll(() => server.close());

const ref = () => ({ institutionId: school.institution.id, assistantId: school.assistant.id });

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The two grains the triggers keep: tables and widths. */
const GRAINS = [
  { stats: 'conversation_stats', lengths: 'conversation_lengths', width: '15 minutes' },
  { stats: 'conversation_stats_hourly', lengths: 'conversation_lengths_hourly', width: '1 hour' },
] as const;

/** The stats as kept, and as counted from the conversations, by quarter hour or by hour. */
async function keptAndCounted(grain: (typeof GRAINS)[number]) {
  const { institutionId, assistantId } = ref();
  const stats = sql.identifier(grain.stats);
  const lengths = sql.identifier(grain.lengths);
  const bucket = sql`date_bin(${grain.width}::interval, created_at, timestamptz '2000-01-01')::text`;
  const kept = await rows(sql`select bucket::text, conversations, contacts, questions, answered, handed_off
    from ${stats} where institution_id = ${institutionId} and product_id = ${assistantId}
      and (conversations, contacts, questions, answered, handed_off) <> (0, 0, 0, 0, 0)
    order by 1`);
  const counted = await rows(sql`select ${bucket} as bucket,
      count(*)::int as conversations, count(contact)::int as contacts, sum(questions)::int as questions,
      sum(answered)::int as answered, sum(handed_off)::int as handed_off
    from conversations where institution_id = ${institutionId} and product_id = ${assistantId}
      and channel <> ${PREVIEW_CHANNEL}
    group by 1 order by 1`);
  const keptLengths = await rows(sql`select bucket::text, messages, conversations from ${lengths}
    where institution_id = ${institutionId} and product_id = ${assistantId} and conversations <> 0 order by 1, 2`);
  const countedLengths = await rows(sql`select ${bucket} as bucket,
      message_count as messages, count(*)::int as conversations
    from conversations where institution_id = ${institutionId} and product_id = ${assistantId}
      and channel <> ${PREVIEW_CHANNEL}
    group by 1, 2 order by 1, 2`);
  const keptTotals = await rows(sql`select conversations, handed_off, contacts, handed_off_contacts
    from conversation_totals where institution_id = ${institutionId} and product_id = ${assistantId}
      and (conversations, handed_off, contacts, handed_off_contacts) <> (0, 0, 0, 0)`);
  const countedTotals = await rows(sql`select count(*)::int as conversations,
      (count(*) filter (where handoff))::int as handed_off, count(contact)::int as contacts,
      (count(contact) filter (where handoff))::int as handed_off_contacts
    from conversations where institution_id = ${institutionId} and product_id = ${assistantId}
      and channel <> ${PREVIEW_CHANNEL}
    having count(*) > 0`);
  return { kept, counted, keptLengths, countedLengths, keptTotals, countedTotals };
}

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('start' as const),
    minutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    preview: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('exchange' as const),
    pick: fc.nat(),
    answered: fc.boolean(),
    handoff: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('contact' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('overview' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
);

describe('the dashboard stats', () => {
  it('always sum to what the conversations say (property)', async () => {
    const chat = visitorConversationsRepo(server.database.db);
    const db = server.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const ids: string[] = [];
        const pick = (n: number) => ids[n % ids.length]!;
        for (const op of operations) {
          if (op.kind === 'start') {
            const now = new Date(START + op.minutes * 60_000);
            const id = await chat.create({ ...ref(), locale: 'es', now });
            if (op.preview)
              await db
                .update(conversations)
                .set({ channel: PREVIEW_CHANNEL })
                .where(eq(conversations.id, id));
            ids.push(id);
          } else if (ids.length === 0) {
            continue;
          } else if (op.kind === 'exchange') {
            const base = {
              institutionId: ref().institutionId,
              conversationId: pick(op.pick),
              now: new Date(START),
            };
            await chat.addMessage({ ...base, role: 'user', content: '¿Hay piscina?' });
            await chat.addMessage({
              ...base,
              role: 'assistant',
              content: 'No lo sé.',
              answered: op.answered,
              handoff: op.handoff,
            });
          } else if (op.kind === 'contact') {
            await db
              .update(conversations)
              .set({
                contact: {
                  name: 'Ana',
                  email: 'ana@example.com',
                  phone: null,
                  message: null,
                  created_at: '',
                },
              })
              .where(eq(conversations.id, pick(op.pick)));
          } else if (op.kind === 'overview') {
            await db
              .update(conversations)
              .set({ overviewAt: new Date(START) })
              .where(eq(conversations.id, pick(op.pick)));
          } else {
            const gone = ids.splice(op.pick % ids.length, op.count);
            await db.delete(conversations).where(inArray(conversations.id, gone));
          }
        }
        for (const grain of GRAINS) {
          const { kept, counted, keptLengths, countedLengths, keptTotals, countedTotals } =
            await keptAndCounted(grain);
          expect(kept, grain.stats).toEqual(counted);
          expect(keptLengths, grain.lengths).toEqual(countedLengths);
          expect(keptTotals).toEqual(countedTotals);
        }
        await db.delete(conversations).where(eq(conversations.assistantId, ref().assistantId));
      }),
      { numRuns: 15 },
    );
  });

  it('reads the same figures and days as a direct count, in a time zone whose days start at :45', async () => {
    const chat = visitorConversationsRepo(server.database.db);
    const tz = 'Asia/Kathmandu';
    // Conversations either side of Kathmandu's midnight (18:15 UTC), of 2, 4, 0 and 2 messages: the
    // last three are on 2 and 3 March there.
    for (const [at, exchanges] of [
      ['2026-03-01T18:10:00Z', 1],
      ['2026-03-01T18:20:00Z', 2],
      ['2026-03-02T18:14:00Z', 0],
      ['2026-03-02T18:16:00Z', 1],
    ] as const) {
      const now = new Date(at);
      const id = await chat.create({ ...ref(), locale: 'en', now });
      for (let i = 0; i < exchanges; i += 1) {
        const base = { institutionId: ref().institutionId, conversationId: id, now };
        await chat.addMessage({ ...base, role: 'user', content: 'Is there a pool?' });
        await chat.addMessage({
          ...base,
          role: 'assistant',
          content: 'I do not know.',
          answered: false,
          handoff: true,
        });
      }
    }
    const figures = await dashboard(
      server.database.db,
      ref(),
      { from: '2026-03-02', to: '2026-03-03', tz },
      new Date('2026-03-10T00:00:00Z'),
    );
    expect(figures).toMatchObject({
      conversations: 3,
      questions: 3,
      answered: 0,
      handed_off: 3,
      median_messages: 2,
    });
    expect(figures.per_day).toEqual([
      // Each handed-off answer waits in the review queue (review/review.test.ts).
      { date: '2026-03-02', conversations: 2, questions: 2, handed_off: 2, ...noRatings, to_review: 2 },
      { date: '2026-03-03', conversations: 1, questions: 1, handed_off: 1, ...noRatings, to_review: 1 },
    ]);
    expect(figures.unanswered).toEqual([expect.objectContaining({ question: 'Is there a pool?', count: 3 })]);
    // The top questions are the conversations' first ones.
    expect(figures.top_questions).toEqual([{ text: 'Is there a pool?', count: 2 }]);
  });

  it('reads the hourly stats where days start on the hour, with the same figures', async () => {
    const shop = await createTenant(server, { name: 'Tienda Centro', kind: 'business', country: 'ES' });
    const chat = visitorConversationsRepo(server.database.db);
    const own = { institutionId: shop.institution.id, assistantId: shop.assistant.id };
    // Either side of Madrid's midnight in summer (22:00 UTC), at minutes no hour boundary shares.
    for (const at of ['2026-07-01T21:50:00Z', '2026-07-01T22:05:00Z', '2026-07-02T21:59:00Z']) {
      const now = new Date(at);
      const id = await chat.create({ ...own, locale: 'es', now });
      await chat.addMessage({
        institutionId: own.institutionId,
        conversationId: id,
        now,
        role: 'user',
        content: '¿Horario?',
      });
    }
    const figures = await dashboard(
      server.database.db,
      own,
      { from: '2026-07-01', to: '2026-07-03', tz: 'Europe/Madrid' },
      new Date('2026-07-10T00:00:00Z'),
    );
    expect(figures.conversations).toBe(3);
    expect(figures.per_day).toEqual([
      { date: '2026-07-01', conversations: 1, questions: 1, handed_off: 0, ...noRatings },
      { date: '2026-07-02', conversations: 2, questions: 2, handed_off: 0, ...noRatings },
      { date: '2026-07-03', conversations: 0, questions: 0, handed_off: 0, ...noRatings },
    ]);
    expect(figures.median_messages).toBe(1);
  });

  it('tells the zones whose days start on the hour', () => {
    expect(daysStartOnTheHour('Europe/Madrid', 2020, 2027)).toBe(true);
    expect(daysStartOnTheHour('UTC', 2026, 2026)).toBe(true);
    expect(daysStartOnTheHour('America/New_York', 2026, 2026)).toBe(true);
    expect(daysStartOnTheHour('Asia/Kathmandu', 2026, 2026)).toBe(false);
    expect(daysStartOnTheHour('Asia/Kolkata', 2026, 2026)).toBe(false);
    expect(daysStartOnTheHour('Australia/Lord_Howe', 2026, 2026)).toBe(false);
    // Local mean time before standard zones: Madrid was 14 minutes 44 seconds behind GMT.
    expect(daysStartOnTheHour('Europe/Madrid', 1900, 1900)).toBe(false);
  });

  it('counts every conversation of a range longer than the days it shows', async () => {
    const shop = await createTenant(server, { name: 'Tienda Este', kind: 'business', country: 'ES' });
    const chat = visitorConversationsRepo(server.database.db);
    const shopRef = { institutionId: shop.institution.id, assistantId: shop.assistant.id };
    for (const at of ['2024-01-10T10:00:00Z', '2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z']) {
      await chat.create({ ...shopRef, locale: 'es', now: new Date(at) });
    }
    const figures = await dashboard(
      server.database.db,
      shopRef,
      { from: null, to: null, tz: 'UTC' },
      new Date('2026-03-02T12:00:00Z'),
    );
    expect(figures.conversations).toBe(3);
    expect(figures.per_day).toHaveLength(400);
    expect(figures.per_day.at(-1)).toEqual({
      date: '2026-03-02',
      conversations: 1,
      questions: 0,
      handed_off: 0,
      ...noRatings,
    });
    expect(figures.per_day.reduce((sum, day) => sum + day.conversations, 0)).toBe(2);
  });

  it('lets an assistant with conversations be deleted (its stats go with it)', async () => {
    const other = await createTenant(server, { name: 'Tienda Sur', kind: 'business', country: 'ES' });
    const chat = visitorConversationsRepo(server.database.db);
    const id = await chat.create({
      institutionId: other.institution.id,
      assistantId: other.assistant.id,
      locale: 'es',
      now: new Date(START),
    });
    await chat.addMessage({
      institutionId: other.institution.id,
      conversationId: id,
      role: 'user',
      content: 'Hola',
      now: new Date(START),
    });
    await server.database.db.delete(assistants).where(eq(assistants.id, other.assistant.id));
    const left = await rows(
      sql`select count(*)::int as n from conversation_stats where product_id = ${other.assistant.id}`,
    );
    expect(left[0]?.n).toBe(0);
    const orphans = await server.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(orphans).toHaveLength(0);
  });
});

describe('medianOf', () => {
  it('is percentile_cont(0.5) of the lengths', () => {
    expect(medianOf([])).toBe(0);
    expect(medianOf([[4, 1]])).toBe(4);
    expect(
      medianOf([
        [2, 1],
        [4, 1],
      ]),
    ).toBe(3);
    expect(
      medianOf([
        [0, 1],
        [2, 2],
        [6, 1],
      ]),
    ).toBe(2);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 40 }), (lengths) => {
        const sorted = [...lengths].sort((a, b) => a - b);
        const histogram = [...new Set(sorted)].map(
          (length) => [length, sorted.filter((l) => l === length).length] as const,
        );
        const middle = (sorted.length - 1) / 2;
        expect(medianOf(histogram)).toBe((sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2);
      }),
    );
  });
});
