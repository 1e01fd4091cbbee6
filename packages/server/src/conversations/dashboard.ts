/**
 * An assistant's dashboard over a date range: conversations started, the visitors' questions and
 * what became of them, per day, the most asked questions, and the questions it could not answer,
 * grouped by similarity so that each group can become one FAQ.
 */
import { DASHBOARD_SAMPLE, type Dashboard, type DateRangeQuery } from '@conversa/contract/conversation';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isStopword } from '../knowledge';
import { foldedWords } from '../knowledge';
import { dayAfter, dayIn, daysBetween, dayStart } from '../db/days';
import { reviewRepo } from '../review';
import { type AssistantRef, PREVIEW_CHANNEL } from './staff-conversations.repo';

/** Most asked questions shown. */
const TOP_QUESTIONS = 10;
/** Groups of unanswered questions shown. */
const UNANSWERED_GROUPS = 20;
/** The most recent unanswered questions read to group. */
const UNANSWERED_READ = 2_000;
/** Days of `per_day` at most, the most recent kept. */
const MAX_DAYS = 400;
/** Two questions whose content words overlap this much (Jaccard) are one group. */
const SIMILAR = 0.5;

type Row = Record<string, unknown>;

/** A question's content words: lower case, no accents or punctuation, no stopwords. */
export function contentWords(text: string): Set<string> {
  return new Set(foldedWords(text).filter((word) => word.length > 1 && !isStopword(word)));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Groups questions (newest first) by similarity: each joins the first group whose first question
 * shares enough content words with it. The group shows its newest question and conversation.
 */
export function groupSimilar(
  questions: readonly { question: string; conversationId: string }[],
): Dashboard['unanswered'] {
  const groups: { words: Set<string>; question: string; conversation_id: string; count: number }[] = [];
  for (const { question, conversationId } of questions) {
    const words = contentWords(question);
    const group = groups.find((candidate) => jaccard(candidate.words, words) >= SIMILAR);
    if (group) group.count += 1;
    else groups.push({ words, question, conversation_id: conversationId, count: 1 });
  }
  return groups
    .sort((a, b) => b.count - a.count)
    .slice(0, UNANSWERED_GROUPS)
    .map(({ question, count, conversation_id }) => ({ question, count, conversation_id }));
}

const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Whether every day of `tz` from `firstYear` to `lastYear` starts on the hour, so the hourly stats
 * hold whole days: its offsets in January and July (standard and summer time) are whole hours. A
 * zone at :30 or :45 (India, Nepal, parts of Australia) reads the quarter hours instead.
 */
export function daysStartOnTheHour(tz: string, firstYear: number, lastYear: number): boolean {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (const month of [0, 6]) {
      const offset = format
        .formatToParts(new Date(Date.UTC(year, month, 15)))
        .find((part) => part.type === 'timeZoneName')?.value;
      // "GMT", "GMT+02:00", "GMT+05:30" (and seconds for old local mean times: "GMT+00:19:32").
      const match = /^GMT(?:[+-]\d{1,2}(?::(\d\d))?(?::(\d\d))?)?$/.exec(offset ?? '');
      if (!match || (match[1] ?? '00') !== '00' || match[2] !== undefined) return false;
    }
  }
  return true;
}

/** The median of a length histogram (`[messages, conversations]` by length), as percentile_cont(0.5). */
export function medianOf(histogram: readonly (readonly [number, number])[]): number {
  const total = histogram.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const [length, count] of histogram) {
      seen += count;
      if (rank < seen) return length;
    }
    return histogram[histogram.length - 1]![0];
  };
  const middle = (total - 1) / 2;
  return (valueAt(Math.floor(middle)) + valueAt(Math.ceil(middle))) / 2;
}

/**
 * The dashboard of an assistant over a range (either end open) of its conversations' start;
 * `per_day` ends by today at the latest. The figures, the days and the median are exact, summed from
 * the quarter-hour stats that triggers keep (migration 0009): every time zone's days start on a
 * quarter hour. The top and unanswered questions are those of the latest DASHBOARD_SAMPLE
 * conversations of the range (top: their first questions).
 */
export async function dashboard(
  db: Db,
  ref: AssistantRef,
  range: DateRangeQuery,
  now: Date,
): Promise<Dashboard> {
  const { tz } = range;
  const within = (column: SQL) =>
    sql.join(
      [
        range.from ? sql` and ${column} >= ${dayStart(range.from, tz)}` : sql``,
        range.to ? sql` and ${column} < ${dayAfter(range.to, tz)}` : sql``,
      ],
      sql``,
    );
  const ofAssistant = sql`institution_id = ${ref.institutionId} and product_id = ${ref.assistantId}`;
  const ofStats = sql`${ofAssistant}${within(sql`bucket`)}`;
  const edge = (order: SQL) => sql`(select to_char(bucket at time zone ${tz}, 'YYYY-MM-DD')
    from conversation_stats where ${ofStats} and (conversations > 0 or questions > 0)
    order by ${order} limit 1)`;
  const [bounds] = await rowsOf(
    db,
    sql`select ${edge(sql`bucket`)} as first, ${edge(sql`bucket desc`)} as last`,
  );

  // The days shown: the range's (or the stats' first and last), ending by today, at most MAX_DAYS.
  const seenFirst = (bounds?.first ?? null) as string | null;
  const seenLast = (bounds?.last ?? null) as string | null;
  const today = dayIn(now, tz);
  const first = range.from ?? seenFirst;
  const last = range.to ? [range.to, seenLast && seenLast > today ? seenLast : today].sort()[0] : seenLast;
  const dates = first && last ? daysBetween(first, last, MAX_DAYS) : [];
  // The days hold every figure of the range unless MAX_DAYS cut some off.
  const whole =
    !seenFirst || (dates.length > 0 && dates[0]! <= seenFirst && dates[dates.length - 1]! >= seenLast!);

  // Four times fewer rows by the hour, where the zone's days start on the hour.
  const year = (day: string | null | undefined, fallback: string) => Number((day ?? fallback).slice(0, 4));
  const hourly = daysStartOnTheHour(tz, year(first, today), year(last, today));
  const stats = sql.identifier(hourly ? 'conversation_stats_hourly' : 'conversation_stats');
  const lengthsTable = sql.identifier(hourly ? 'conversation_lengths_hourly' : 'conversation_lengths');

  const [days, totals, lengths, questions, ratings] = await Promise.all([
    // Each day's start in the time zone is worked out once; the stats of a day are an index range.
    dates.length === 0
      ? []
      : rowsOf(
          db,
          sql`select d.day, sum(s.conversations)::int as conversations, sum(s.contacts)::int as contacts,
            sum(s.questions)::int as questions, sum(s.answered)::int as answered,
            sum(s.handed_off)::int as handed_off
          from (
            select to_char(day, 'YYYY-MM-DD') as day, day::timestamp at time zone ${tz} as starts,
              (day + 1)::timestamp at time zone ${tz} as ends
            from generate_series(${dates[0]}::date, ${dates[dates.length - 1]}::date, interval '1 day') as g(at),
              lateral (select at::date as day) as d
          ) d
          join ${stats} s on s.institution_id = ${ref.institutionId}
            and s.product_id = ${ref.assistantId} and s.bucket >= d.starts and s.bucket < d.ends
          group by d.day`,
        ),
    whole
      ? null
      : rowsOf(
          db,
          sql`select sum(conversations)::int as conversations, sum(contacts)::int as contacts,
            sum(questions)::int as questions, sum(answered)::int as answered, sum(handed_off)::int as handed_off
          from ${stats} where ${ofStats}`,
        ),
    rowsOf(
      db,
      sql`select messages, sum(conversations)::int as n
      from ${lengthsTable} where ${ofStats} group by 1 having sum(conversations) > 0 order by 1`,
    ),
    // The top (first) questions and the unanswered ones of the latest conversations, in one read.
    rowsOf(
      db,
      sql`with recent as materialized (
        select first_question, unanswered, id, created_at from conversations
        where ${ofAssistant} and channel <> ${PREVIEW_CHANNEL}${within(sql`created_at`)}
        order by created_at desc limit ${DASHBOARD_SAMPLE})
      (select 'top' as kind, min(first_question) as question, count(*)::int as n, null::uuid as conversation_id
        from recent where first_question is not null
        group by lower(btrim(first_question)) order by n desc, question limit ${TOP_QUESTIONS})
      union all
      (select 'unanswered', q.question, null, r.id
        from recent r cross join lateral unnest(r.unanswered) with ordinality as q(question, n)
        where cardinality(r.unanswered) > 0
        order by r.created_at desc, q.n desc limit ${UNANSWERED_READ})`,
    ),
    // Ratings and the review queue by day of the answer (issue 35): the few answers of the review index.
    reviewRepo(db).figuresByDay(ref, range),
  ]);
  const rated = { rated: 0, rated_up: 0, to_review: 0 };
  for (const day of ratings.values()) {
    rated.rated += day.rated;
    rated.rated_up += day.rated_up;
    rated.to_review += day.to_review;
  }

  const sum = { conversations: 0, contacts: 0, questions: 0, answered: 0, handed_off: 0 };
  const perDay = new Map<string, { conversations: number; questions: number; handed_off: number }>();
  for (const row of days) {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += Number(row[key] ?? 0);
    perDay.set(String(row.day), {
      conversations: Number(row.conversations),
      questions: Number(row.questions),
      handed_off: Number(row.handed_off),
    });
  }
  const total = totals?.[0];
  const figure = (key: keyof typeof sum) => (total ? Number(total[key] ?? 0) : sum[key]);
  const of = (kind: string) => questions.filter((row) => row.kind === kind);
  return {
    conversations: figure('conversations'),
    questions: figure('questions'),
    answered: figure('answered'),
    handed_off: figure('handed_off'),
    contacts: figure('contacts'),
    median_messages: medianOf(lengths.map((row) => [Number(row.messages), Number(row.n)] as const)),
    ...rated,
    satisfaction: rated.rated > 0 ? rated.rated_up / rated.rated : null,
    per_day: dates.map((date) => ({
      date,
      ...(perDay.get(date) ?? { conversations: 0, questions: 0, handed_off: 0 }),
      ...(ratings.get(date) ?? { rated: 0, rated_up: 0, to_review: 0 }),
    })),
    top_questions: of('top').map((row) => ({ text: String(row.question), count: Number(row.n) })),
    unanswered: groupSimilar(
      of('unanswered').map((row) => ({
        question: String(row.question),
        conversationId: String(row.conversation_id),
      })),
    ),
  };
}
