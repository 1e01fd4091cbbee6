/**
 * An assistant's dashboard over a date range: conversations started, the visitors' questions and
 * what became of them, per day, the most asked questions, and the questions it could not answer,
 * grouped by similarity so that each group can become one FAQ.
 */
import type { Dashboard, DateRangeQuery } from '@conversa/contract/conversation';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isStopword } from '../knowledge/text/language';
import { type AssistantRef, dayAfter, dayStart, PREVIEW_CHANNEL } from './conversations.repo';

/** Most asked questions shown. */
const TOP_QUESTIONS = 10;
/** Groups of unanswered questions shown. */
const UNANSWERED_GROUPS = 20;
/** The most recent unanswered questions read to group (older ones fall out of a long range). */
const UNANSWERED_READ = 2_000;
/** Days of `per_day` at most, the most recent kept. */
const MAX_DAYS = 400;
/** Two questions whose content words overlap this much (Jaccard) are one group. */
const SIMILAR = 0.5;

type Row = Record<string, unknown>;

/** A question's content words: lower case, no accents or punctuation, no stopwords. */
export function contentWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !isStopword(word));
  return new Set(words);
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

/** The days from `first` to `last` (YYYY-MM-DD), at most MAX_DAYS, the most recent kept. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = end; days.length < MAX_DAYS && at >= Date.parse(`${first}T00:00:00Z`); at -= 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days.reverse();
}

const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** A day (YYYY-MM-DD) as it is in time zone `tz` at `at`. */
export function dayIn(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: tz }).format(at);
}

/** The dashboard of an assistant over a range (either end open); `per_day` ends by today at the latest. */
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
  const ofAssistant = sql`c.institution_id = ${ref.institutionId} and c.product_id = ${ref.assistantId}
    and c.channel <> ${PREVIEW_CHANNEL}`;
  // Messages of the assistant's conversations in the range.
  const inRange = sql`from messages m
    join conversations c on c.id = m.conversation_id and c.institution_id = m.institution_id
    where m.institution_id = ${ref.institutionId} and ${ofAssistant}${within(sql`m.created_at`)}`;
  const day = (column: SQL) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`;

  const [totals, answers, conversationDays, messageDays, top, unanswered] = await Promise.all([
    rowsOf(
      db,
      sql`select count(*)::int as conversations, count(c.contact)::int as contacts,
        coalesce(percentile_cont(0.5) within group (order by c.message_count), 0)::float8 as median
      from conversations c where ${ofAssistant}${within(sql`c.created_at`)}`,
    ),
    rowsOf(
      db,
      sql`select count(*) filter (where m.role = 'user')::int as questions,
        count(*) filter (where m.role = 'assistant' and m.answered)::int as answered,
        count(*) filter (where m.role = 'assistant' and m.handoff)::int as handed_off
      ${inRange}`,
    ),
    rowsOf(
      db,
      sql`select ${day(sql`c.created_at`)} as day, count(*)::int as n
      from conversations c where ${ofAssistant}${within(sql`c.created_at`)} group by 1`,
    ),
    rowsOf(
      db,
      sql`select ${day(sql`m.created_at`)} as day,
        count(*) filter (where m.role = 'user')::int as questions,
        count(*) filter (where m.role = 'assistant' and m.handoff)::int as handed_off
      ${inRange} group by 1`,
    ),
    rowsOf(
      db,
      sql`select min(m.content) as text, count(*)::int as n
      ${inRange} and m.role = 'user'
      group by lower(btrim(m.content)) order by n desc, text limit ${TOP_QUESTIONS}`,
    ),
    rowsOf(
      db,
      sql`select q.content, q.conversation_id from (
        select m.id, m.role, m.content, m.conversation_id,
          lead(m.role) over w as next_role, lead(m.answered) over w as next_answered,
          lead(m.handoff) over w as next_handoff
        ${inRange}
        window w as (partition by m.conversation_id order by m.id)
      ) q
      where q.role = 'user' and q.next_role = 'assistant' and (not q.next_answered or q.next_handoff)
      order by q.id desc limit ${UNANSWERED_READ}`,
    ),
  ]);

  const perDay = new Map<string, { conversations: number; questions: number; handed_off: number }>();
  const entry = (date: string) => {
    let value = perDay.get(date);
    if (!value) {
      value = { conversations: 0, questions: 0, handed_off: 0 };
      perDay.set(date, value);
    }
    return value;
  };
  for (const row of conversationDays) entry(String(row.day)).conversations = Number(row.n);
  for (const row of messageDays) {
    const value = entry(String(row.day));
    value.questions = Number(row.questions);
    value.handed_off = Number(row.handed_off);
  }
  const seen = [...perDay.keys()].sort();
  const today = dayIn(now, tz);
  const latest = seen[seen.length - 1];
  const first = range.from ?? seen[0];
  const last = range.to ? [range.to, latest && latest > today ? latest : today].sort()[0] : latest;
  const days = first && last ? daysBetween(first, last) : [];

  const total = totals[0] ?? {};
  const answered = answers[0] ?? {};
  return {
    conversations: Number(total.conversations ?? 0),
    questions: Number(answered.questions ?? 0),
    answered: Number(answered.answered ?? 0),
    handed_off: Number(answered.handed_off ?? 0),
    contacts: Number(total.contacts ?? 0),
    median_messages: Number(total.median ?? 0),
    per_day: days.map((date) => ({
      date,
      ...(perDay.get(date) ?? { conversations: 0, questions: 0, handed_off: 0 }),
    })),
    top_questions: top.map((row) => ({ text: String(row.text), count: Number(row.n) })),
    unanswered: groupSimilar(
      unanswered.map((row) => ({
        question: String(row.content),
        conversationId: String(row.conversation_id),
      })),
    ),
  };
}
