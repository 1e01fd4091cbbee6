/**
 * Okapi BM25 over small documents (sentences, paragraphs) held in memory: term frequencies per
 * document, document frequencies, and each term's weight (its IDF) in the collection.
 */

/** BM25's usual constants (Robertson and Zaragoza 2009). */
const K1 = 1.2;
const B = 0.75;
/**
 * Documents that hold none of the terms, added to the collection when weighing a term (as
 * retrieval's PRIOR_CHUNKS): in a knowledge base of a few sentences every word is in one of them,
 * so plain IDF weighs them all alike and near nothing; with thousands this changes little.
 */
const PRIOR_DOCUMENTS = 20;

export class Bm25Index {
  private readonly frequencies: Map<string, number>[] = [];
  private readonly lengths: number[] = [];
  /** The documents holding each term, in order, and how often each holds it. */
  private readonly postings = new Map<string, { documents: number[]; counts: number[] }>();
  private totalLength = 0;

  /** An index of the documents given; more may be added (a large one is built a piece at a time). */
  constructor(documents: readonly (readonly string[])[] = []) {
    for (const terms of documents) this.add(terms);
  }

  /** Indexes one more document: the next number. */
  add(terms: readonly string[]): void {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    this.frequencies.push(counts);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const document = this.frequencies.length - 1;
    for (const [term, count] of counts) {
      const list = this.postings.get(term);
      if (list) {
        list.documents.push(document);
        list.counts.push(count);
      } else {
        this.postings.set(term, { documents: [document], counts: [count] });
      }
    }
  }

  private get averageLength(): number {
    return this.totalLength / Math.max(1, this.size);
  }

  get size(): number {
    return this.frequencies.length;
  }

  /** Whether any document holds the term. */
  knows(term: string): boolean {
    return this.postings.has(term);
  }

  /** A term's weight: high when few documents hold it (BM25's IDF, never negative). */
  idf(term: string): number {
    const held = this.postings.get(term)?.documents.length ?? 0;
    return Math.log(1 + (this.size + PRIOR_DOCUMENTS - held + 0.5) / (held + 0.5));
  }

  /** The BM25 score of a document for distinct query terms. */
  score(terms: readonly string[], document: number): number {
    const counts = this.frequencies[document]!;
    const norm = K1 * (1 - B + (B * this.lengths[document]!) / (this.averageLength || 1));
    let score = 0;
    for (const term of terms) {
      const tf = counts.get(term);
      if (tf) score += (this.idf(term) * tf * (K1 + 1)) / (tf + norm);
    }
    return score;
  }

  /** Whether a document holds a term. */
  holds(term: string, document: number): boolean {
    return this.frequencies[document]!.has(term);
  }

  /** The share of the query terms' weight a document holds: 0..1. */
  coverage(terms: readonly string[], document: number): number {
    const counts = this.frequencies[document]!;
    let held = 0;
    let whole = 0;
    for (const term of terms) {
      const weight = this.idf(term);
      whole += weight;
      if (counts.has(term)) held += weight;
    }
    return whole > 0 ? held / whole : 0;
  }

  /**
   * The documents holding at least one of the distinct terms, best first (the same scores as
   * `score`, summed term by term over the postings: a query touches only the documents it matches).
   */
  ranked(terms: readonly string[]): Ranking {
    const scores = new Float64Array(this.size);
    const documents: number[] = [];
    const average = this.averageLength || 1;
    for (const term of terms) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term);
      for (let at = 0; at < list.documents.length; at += 1) {
        const document = list.documents[at]!;
        const tf = list.counts[at]!;
        const norm = K1 * (1 - B + (B * this.lengths[document]!) / average);
        if (scores[document] === 0) documents.push(document);
        scores[document]! += (idf * tf * (K1 + 1)) / (tf + norm);
      }
    }
    documents.sort((a, b) => scores[b]! - scores[a]! || a - b);
    const places = new Int32Array(this.size);
    for (const [at, document] of documents.entries()) places[document] = at + 1;
    return {
      documents,
      score: (document) => scores[document] ?? 0,
      place: (document) => places[document] || Number.POSITIVE_INFINITY,
    };
  }
}

/** A query's documents, best first, with their scores and places. */
export interface Ranking {
  /** The documents holding at least one of the terms, best first (ties: the lower number first). */
  documents: readonly number[];
  /** A document's score: 0 when it holds none of the terms. */
  score(document: number): number;
  /** A document's place, the best 1: infinite when it holds none of the terms. */
  place(document: number): number;
}
