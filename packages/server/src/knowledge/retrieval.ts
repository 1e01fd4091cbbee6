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
import type { Db } from '../db/database';
import { hotQuery } from '../db/hot-query';
import { withSemanticPassages } from './embeddings/semantic-passages';
import { semanticRanking } from './embeddings/semantic-search';
import type { SemanticHit } from './embeddings/vector-index';
import { type DetectedLanguage, detectLanguage, textSearchConfig } from './text/language';
import { contentWords, namesIn } from './text/question-words';
import { fold, foldedWords, typoOf } from './text/words';

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
  /** Those words. */
  held: string[];
  /**
   * The weight of the question's words the passage holds over the weight of them all (`weights`:
   * rare words weigh more): 0..1.
   */
  support: number;
  /** PostgreSQL's rank; orders passages with the same hits. */
  rank: number;
  /** An FAQ whose question covers the question: answer with the FAQ's own answer. */
  strong: boolean;
  /** The cosine of the passage's and the question's embeddings, when semantic retrieval found it (issue 30). */
  semantic?: number;
}

/**
 * Chunks read and ranked at most, whatever the number of matches. Ranking is the cost that grows
 * with this (each chunk's index entry is decompressed and scored); the tiers already put the
 * chunks holding every word first, so 100 leaves the top five unchanged in practice.
 */
export const CANDIDATES = 100;
/**
 * Above this many words the "any two" tier is left out: GIN evaluates its query on every posting
 * of every word, and six or more pairs of common words cost more than the tier brings.
 */
const MAX_PAIR_WORDS = 4;
/**
 * Share of the question's content words an FAQ's question must hold for the FAQ's own answer to be
 * the answer: one of one or two, two of three to five. Counted in words: FAQs are short and few.
 */
const FAQ_COVER = 0.4;

/** Chunks a knowledge base needs before a word missing from all of them counts as unknown. */
export const MIN_CHUNKS_FOR_UNKNOWN = 50;

/**
 * Chunks that hold none of a question's words, added to every count: with few chunks, whether a
 * word is in one of them says little (a one-chunk knowledge base holds all its words), so weights
 * stay close; with thousands they spread as plain IDF does.
 */
const PRIOR_CHUNKS = 20;

/**
 * The weight of a word that `df` of the assistant's `total` chunks hold (BM25's IDF, smoothed by
 * PRIOR_CHUNKS): a word in every chunk weighs least, one in none the most.
 */
export function wordWeight(df: number, total: number): number {
  // A word no chunk holds weighs as much as one a single chunk holds: its absence is weighed by
  // the ranker's share of the question the knowledge never mentions, not twice.
  return Math.log(1 + (Math.max(total, 0) + PRIOR_CHUNKS) / (Math.max(Math.min(df, total), 1) + 0.5));
}

/** How much more a name weighs when no chunk holds it (see `namesIn`, `text/question-words.ts`). */
const UNKNOWN_NAME_FACTOR = 2;

/** The question's words, their weights, and the passages found. */
export interface Retrieval {
  words: string[];
  /** `wordWeight` of each word, in order. */
  weights: number[];
  /** The words no chunk mentions and no passage found holds (the knowledge knows nothing of them). */
  unknown: string[];
  passages: Passage[];
  /** With an embeddings model: the chunks and FAQs nearest the question's meaning, best first. */
  nearest: SemanticHit[] | null;
}

const SAFE_WORD = /^[\p{L}\p{N}]+$/u;
/** The words an FAQ's question must hold to answer with its own answer (FAQ_COVER), at least one. */
export function neededHits(words: number): number {
  return Math.max(1, Math.ceil(words * FAQ_COVER));
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
-- Only processed files count (their chunks are written on success; this also hides a file
-- being processed again).
ready as materialized (
  select id, name from product_files where institution_id = $1 and product_id = $2 and state = 'ready'
),
-- How many chunks there are, and how many hold each word (its stem or its form as written,
-- whichever more): knowledge_term_totals, kept from the counts written with the chunks.
total as materialized (
  select coalesce((select chunks from knowledge_term_totals
    where institution_id = $1 and product_id = $2 and lexeme = ''), 0) as chunks
),
terms as materialized (
  select u.i, u.w, websearch_to_tsquery($3::regconfig, u.w) || websearch_to_tsquery('simple', u.w) as term,
    -- One primary-key lookup per lexeme (a join here may scan the assistant's every lexeme).
    coalesce((select max((select k.chunks from knowledge_term_totals k
        where k.institution_id = $1 and k.product_id = $2 and k.lexeme = l.lexeme))
      from unnest(tsvector_to_array(to_tsvector($3::regconfig, u.w) || to_tsvector('simple', u.w))) as l(lexeme)),
      0) as df
  from unnest($7::text[]) with ordinality as u(w, i)
),
-- The question's two rarest words: the chunks holding them are few, and likely the answer.
rare as materialized (
  select websearch_to_tsquery($3::regconfig, string_agg(w, ' or ')) || websearch_to_tsquery('simple', string_agg(w, ' or '))
    as any_rare
  from (select w from terms order by df, i limit 2) as r
),
-- Tiers on the GIN index, best first; the outer limit stops reading once it has enough.
candidates as (
  select * from (
    (select 1 as tier, id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select every_word from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
    union all
    (select 2, id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select any_rare from rare)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
    union all
    (select 3, id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select two_words from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
    union all
    (select 4, id, tsv from knowledge_chunks
      where institution_id = $1 and product_id = $2 and tsv @@ (select any_word from q)
        and (file_id is null or file_id in (select id from ready))
      limit ${CANDIDATES})
  ) as tiers
  limit ${CANDIDATES}
),
-- By tier (every word, then the rarest), then PostgreSQL's rank; the weights order the few kept.
ranked as (
  select id, tsv, tier, ts_rank(tsv, (select any_word from q), 1) as rank
  from (select distinct on (id) id, tsv, tier from candidates order by id, tier) as d
  order by tier, rank desc, id
  limit $8
),
chunks as (
  select c.source as kind, c.file_id, coalesce(p.title, p.url) as title, p.url, c.content as text,
    null::text as question, ranked.tsv, ranked.rank, c.id as position
  from ranked join knowledge_chunks c on c.id = ranked.id
    left join website_pages p on p.id = c.page_id
),
faqs as (
  select 'faq' as kind, null::integer as file_id, f.question as title, null::text as url, f.answer as text, f.question, f.tsv,
    ts_rank(f.tsv, (select any_word from q), 1) as rank, f.position
  from product_faqs f
  where f.institution_id = $1 and f.product_id = $2 and f.tsv @@ (select any_word from q)
  order by rank desc, f.position
  limit $8
)
select kind, file_id, coalesce(title, (select name from ready where ready.id = r.file_id)) as title, url, text, question,
  rank::float8 as rank,
  (select coalesce(array_agg(i::integer order by i), '{}') from terms where r.tsv @@ terms.term) as matched,
  (select json_agg(df order by i) from terms) as dfs, (select chunks from total) as total,
  case when kind = 'faq'
    then (select count(*) from terms where ts_filter(r.tsv, '{a,c}') @@ terms.term)::integer
    else 0 end as question_hits
from (select * from faqs union all select * from chunks) as r`;

const STATEMENT = 'knowledge_retrieve_v5';
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
  kind: Source['kind'];
  file_id: number | null;
  title: string | null;
  /** A website page's address. */
  url: string | null;
  text: string;
  question: string | null;
  /** 1-based indexes of the words the passage holds. */
  matched: number[];
  question_hits: number;
  rank: number;
  /** Per word, how many chunks hold it; and how many chunks there are. */
  dfs: number[];
  total: number;
}

/** A passage's source as answers cite it: a website page carries its address, to be linked. */
export function sourceOf(row: {
  kind: Source['kind'];
  title: string | null;
  file_id: number | null;
  url?: string | null;
}): Source {
  const source: Source = { kind: row.kind, title: row.title, file_id: row.file_id };
  return row.url ? { ...source, url: row.url } : source;
}

/** Runs the prepared statement (`db/hot-query.ts`): named per pooled connection on PostgreSQL, `PREPARE`d on PGlite. */
const execute = (db: Db, params: ReturnType<typeof retrievalParams>) =>
  hotQuery<Row, ReturnType<typeof retrievalParams>>(db, STATEMENT, RETRIEVAL_SQL, {
    types: RETRIEVAL_PARAM_TYPES,
    literal,
    // Passages are large and questions rarely repeat word for word: answers are not kept.
    keep: false,
  })(params) as Promise<Row[]>;

/**
 * The passages that best answer a question, best first: a strong FAQ match leads, then FAQs and
 * chunks by support (how much of the question's weight they hold). No passages when the question
 * has no content words or nothing matches.
 */
export async function retrieve(db: Db, input: RetrieveInput): Promise<Retrieval> {
  const words = contentWords(input.question);
  if (words.length === 0 || input.limit < 1) {
    return { words, weights: words.map(() => 1), unknown: [], passages: [], nearest: null };
  }
  const language = input.language === undefined ? detectLanguage(input.question) : input.language;
  // A few more than asked, since rank and support can disagree; the final order is by support.
  // With EMBEDDINGS_MODEL set (knowledge/embeddings/), the passages nearest the question's meaning
  // are asked for at the same time (null when off or the model failed): the ranker reads their
  // cosines (`nearest`).
  const [rows, nearest] = await Promise.all([
    execute(db, retrievalParams(input, words, language, Math.min(input.limit * 2, 20))),
    semanticRanking(db, input, input.question, input.limit),
  ]);
  const total = Number(rows[0]?.total ?? 0);
  const dfs = words.map((_, index) => Number(rows[0]?.dfs[index] ?? 0));
  // A word no chunk holds as written may be mistyped: a passage holding a near form holds it.
  const loose = words.map((word, index) => ({ folded: fold(word), unseen: total > 0 && dfs[index] === 0 }));
  const held = rows.map((row) => {
    const indexes = new Set(row.matched.map((index) => index - 1));
    if (loose.some((word) => word.unseen)) {
      const tokens = foldedWords(`${row.question ?? ''} ${row.text}`);
      for (const [index, { folded, unseen }] of loose.entries()) {
        if (indexes.has(index) || !unseen) continue;
        if (tokens.some((token) => typoOf(folded, token))) indexes.add(index);
      }
    }
    return indexes;
  });
  const names = namesIn(input.question);
  const weights = words.map((word, index) => {
    if (rows.length === 0) return 1;
    const typed = held.filter((indexes) => indexes.has(index)).length;
    // Found only mistyped or in another form: as rare as the passages holding it make it.
    if (dfs[index] === 0 && typed > 0) return wordWeight(typed, total);
    const weight = wordWeight(dfs[index]!, total);
    // A name the knowledge never mentions: the question is about something else.
    return dfs[index] === 0 && names.has(word) ? weight * UNKNOWN_NAME_FACTOR : weight;
  });
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  const needed = neededHits(words.length);

  const passages = rows
    .map((row, rowIndex): Passage => {
      const indexes = [...held[rowIndex]!].sort((a, b) => a - b);
      const weight = indexes.reduce((sum, index) => sum + weights[index]!, 0);
      return {
        source: sourceOf(row),
        text: row.text,
        question: row.question,
        hits: indexes.length,
        held: indexes.map((index) => words[index]!),
        support: whole > 0 ? weight / whole : 0,
        rank: row.rank,
        strong: row.kind === 'faq' && row.question_hits >= needed,
      };
    })
    .sort(
      (a, b) =>
        Number(b.strong) - Number(a.strong) ||
        b.support - a.support ||
        // FAQs win over documents that hold as much.
        Number(b.source.kind === 'faq') - Number(a.source.kind === 'faq') ||
        b.rank - a.rank,
    )
    .slice(0, input.limit);
  // In a small knowledge base a word's absence says little (it is mostly paraphrase).
  const unknown =
    total < MIN_CHUNKS_FOR_UNKNOWN
      ? []
      : words.filter((_, index) => dfs[index] === 0 && !held.some((indexes) => indexes.has(index)));
  // The semantic hits also join after the lexical passages, with their cosine (`semantic`) and no
  // support of their own, for the trainer's try-it to show.
  if (nearest)
    return {
      words,
      weights,
      unknown,
      passages: await withSemanticPassages(db, input, passages, nearest),
      nearest,
    };
  return { words, weights, unknown, passages, nearest };
}
