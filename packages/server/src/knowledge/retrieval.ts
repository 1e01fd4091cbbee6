/**
 * Retrieval (docs/architecture.md#knowledge-and-answers): the passages of an assistant's knowledge that answer a question, by
 * PostgreSQL full-text search. FAQs come first (their question words weigh most); then the
 * knowledge-base text and the chunks of `ready` files.
 *
 * The question's content words are matched on the GIN index in tiers (every word, then any two,
 * then any one; AND alone is too strict for questions) and reading stops after CANDIDATES chunks,
 * so the chunks holding the most words come first and only those few are fetched and ranked: only
 * the index lookup itself grows with the number of matches. The statement is prepared once per
 * connection: planning a full-text query costs more than running it on PGlite.
 */
import type { Source } from '@conversa/contract/chat';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/database';
import { type DetectedLanguage, detectLanguage, isStopword, textSearchConfig } from './text/language';

export interface RetrieveInput {
  institutionId: number;
  assistantId: number;
  question: string;
  /** How many passages at most. */
  limit: number;
  /** The question's language when the caller already knows it. */
  language?: DetectedLanguage | null;
}

/** A passage that may answer the question, with how well it matches. */
export interface Passage {
  source: Source;
  /** The chunk's text, or the FAQ's answer. */
  text: string;
  /** The FAQ's question (FAQs only). */
  question: string | null;
  /** How many of the question's content words the passage holds (stemmed, or as written). */
  hits: number;
  /** `hits` over the question's content words: 0..1. */
  support: number;
  /** PostgreSQL's rank; orders passages with the same hits. */
  rank: number;
  /** An FAQ whose question covers the question: answer with the FAQ's own answer. */
  strong: boolean;
}

/**
 * Chunks read and ranked at most, whatever the number of matches. Ranking is the cost that grows
 * with this (each chunk's index entry is decompressed and scored); the tiers already put the
 * chunks holding every word first, so 100 leaves the top five unchanged in practice.
 */
export const CANDIDATES = 100;
/** Content words of a question used at most (a pasted paragraph is not a question). */
const MAX_WORDS = 12;
/**
 * Above this many words the "any two" tier is left out: GIN evaluates its query on every posting
 * of every word, and six or more pairs of common words cost more than the tier brings.
 */
const MAX_PAIR_WORDS = 4;
/**
 * Share of the question's content words a passage must hold to count as support: one of one or
 * two, two of three to five ("what time does the bus pick up students" holds "bus" and "students").
 */
export const MIN_SUPPORT = 0.4;

const WORD = /[\p{L}\p{N}]+/gu;
const SAFE_WORD = /^[\p{L}\p{N}]+$/u;

/** The distinct content words of a question, lowercased: no function words, no single letters. */
export function contentWords(question: string): string[] {
  const words = new Set<string>();
  for (const [word] of question.toLowerCase().normalize('NFKC').matchAll(WORD)) {
    if ((word.length < 2 && !/\d/.test(word)) || isStopword(word)) continue;
    words.add(word);
    if (words.size === MAX_WORDS) break;
  }
  return [...words];
}

/** The words a passage must hold to support an answer (MIN_SUPPORT of the question's), at least one. */
export function neededHits(words: number): number {
  return Math.max(1, Math.ceil(words * MIN_SUPPORT));
}

/**
 * The statement: $1 institution, $2 assistant, $3 the question's configuration, $4/$5/$6 the
 * websearch texts of every word / any two / any one, $7 the words, $8 how many rows per kind.
 * Words are letters and digits only, so websearch syntax cannot sneak in; `or` joins them.
 */
export const RETRIEVAL_SQL = `
with q as materialized (
  select websearch_to_tsquery($3::regconfig, $4) || websearch_to_tsquery('simple', $4) as every_word,
         case when $5 <> '' then websearch_to_tsquery($3::regconfig, $5) || websearch_to_tsquery('simple', $5) end
           as two_words,
         websearch_to_tsquery($3::regconfig, $6) || websearch_to_tsquery('simple', $6) as any_word
),
terms as materialized (
  select websearch_to_tsquery($3::regconfig, w) || websearch_to_tsquery('simple', w) as term
  from unnest($7::text[]) as w
),
-- Only processed files count (their chunks are written on success; this also hides a file
-- being processed again).
ready as materialized (
  select id, name from product_files where institution_id = $1 and product_id = $2 and state = 'ready'
),
-- Tiers on the GIN index, best first; the outer limit stops reading once it has enough.
candidates as (
  select * from (
    (select id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select every_word from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
    union all
    (select id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select two_words from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
    union all
    (select id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select any_word from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
  ) as tiers
  limit ${CANDIDATES}
),
ranked as (
  select id, tsv, ts_rank(tsv, (select any_word from q), 1) as rank
  from (select distinct on (id) id, tsv from candidates order by id) as d
  order by rank desc, id
  limit $8
),
chunks as (
  select c.source as kind, c.file_id, null::text as title, c.content as text, null::text as question, ranked.tsv,
    ranked.rank, c.id as position
  from ranked join knowledge_chunks c on c.id = ranked.id
),
faqs as (
  select 'faq' as kind, null::integer as file_id, f.question as title, f.answer as text, f.question, f.tsv,
    ts_rank(f.tsv, (select any_word from q), 1) as rank, f.position
  from product_faqs f
  where f.institution_id = $1 and f.product_id = $2 and f.tsv @@ (select any_word from q)
  order by rank desc, f.position
  limit $8
)
select kind, file_id, coalesce(title, (select name from ready where ready.id = r.file_id)) as title, text, question,
  rank::float8 as rank,
  (select count(*) from terms where r.tsv @@ terms.term)::integer as hits,
  case when kind = 'faq'
    then (select count(*) from terms where ts_filter(r.tsv, '{a,c}') @@ terms.term)::integer
    else 0 end as question_hits
from (select * from faqs union all select * from chunks) as r`;

const STATEMENT = 'knowledge_retrieve_v1';
/** The parameter types of RETRIEVAL_SQL, for `PREPARE`. */
export const RETRIEVAL_PARAM_TYPES = '(integer, integer, regconfig, text, text, text, text[], integer)';

/** The statement's parameters for a question's words. */
export function retrievalParams(
  input: Pick<RetrieveInput, 'institutionId' | 'assistantId'>,
  words: string[],
  language: DetectedLanguage | null,
  rows: number,
): [number, number, string, string, string, string, string[], number] {
  const pairs: string[] = [];
  if (words.length > 2 && words.length <= MAX_PAIR_WORDS) {
    for (let i = 0; i < words.length; i += 1) {
      for (let j = i + 1; j < words.length; j += 1) pairs.push(`${words[i]} ${words[j]}`);
    }
  }
  return [
    input.institutionId,
    input.assistantId,
    textSearchConfig(language),
    words.join(' '),
    pairs.join(' or '),
    words.join(' or '),
    words,
    rows,
  ];
}

/** A parameter as an SQL literal, for `EXECUTE` (which takes no bind parameters). */
export function literal(value: number | string | string[]): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError('retrieval: integer parameters only');
    return String(value);
  }
  if (Array.isArray(value)) {
    if (!value.every((word) => SAFE_WORD.test(word))) throw new TypeError('retrieval: words only');
    return `array[${value.map((word) => `'${word}'`).join(', ')}]::text[]`;
  }
  return `'${value.replaceAll("'", "''")}'`;
}

interface Row {
  kind: 'faq' | 'file' | 'knowledge_base';
  file_id: number | null;
  title: string | null;
  text: string;
  question: string | null;
  hits: number;
  question_hits: number;
  rank: number;
}

interface RawClient {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

const preparedOn = new WeakSet<object>();

/** Runs the prepared statement: named per pooled connection on PostgreSQL, `PREPARE`d on PGlite. */
async function execute(db: Db, params: ReturnType<typeof retrievalParams>): Promise<Row[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: STATEMENT, text: RETRIEVAL_SQL, values: params })).rows as Row[];
  }
  if (!preparedOn.has(client)) {
    await db.execute(sql.raw(`prepare ${STATEMENT} ${RETRIEVAL_PARAM_TYPES} as ${RETRIEVAL_SQL}`));
    preparedOn.add(client);
  }
  return (await client.query(`execute ${STATEMENT}(${params.map(literal).join(', ')})`)).rows as Row[];
}

/**
 * The passages that best answer a question, best first: a strong FAQ match leads, then FAQs and
 * chunks by how many of the question's words they hold. Empty when the question has no content
 * words or nothing matches.
 */
export async function retrieve(db: Db, input: RetrieveInput): Promise<Passage[]> {
  const words = contentWords(input.question);
  if (words.length === 0 || input.limit < 1) return [];
  const language = input.language === undefined ? detectLanguage(input.question) : input.language;
  // A few more than asked, since rank and word count can disagree; the final order is by words.
  const rows = await execute(db, retrievalParams(input, words, language, Math.min(input.limit * 2, 20)));
  const needed = neededHits(words.length);

  return rows
    .map((row): Passage => ({
      source: { kind: row.kind, title: row.title, file_id: row.file_id },
      text: row.text,
      question: row.question,
      hits: row.hits,
      support: row.hits / words.length,
      rank: row.rank,
      strong: row.kind === 'faq' && row.question_hits >= needed,
    }))
    .sort(
      (a, b) =>
        Number(b.strong) - Number(a.strong) ||
        b.hits - a.hits ||
        // FAQs win over documents that hold as many words.
        Number(b.source.kind === 'faq') - Number(a.source.kind === 'faq') ||
        b.rank - a.rank,
    )
    .slice(0, input.limit);
}
