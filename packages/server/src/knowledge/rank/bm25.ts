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
  /** The documents holding each term, in order. */
  private readonly postings = new Map<string, number[]>();
  private readonly averageLength: number;

  constructor(documents: readonly (readonly string[])[]) {
    for (const terms of documents) {
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      this.frequencies.push(counts);
      this.lengths.push(terms.length);
      const document = this.frequencies.length - 1;
      for (const term of counts.keys()) {
        const list = this.postings.get(term);
        if (list) list.push(document);
        else this.postings.set(term, [document]);
      }
    }
    this.averageLength =
      this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, documents.length);
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
    const held = this.postings.get(term)?.length ?? 0;
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

  /** Documents holding at least one of the distinct terms, best first, with their scores. */
  ranked(terms: readonly string[]): { document: number; score: number }[] {
    const touched = new Set<number>();
    for (const term of terms) for (const document of this.postings.get(term) ?? []) touched.add(document);
    return [...touched]
      .map((document) => ({ document, score: this.score(terms, document) }))
      .sort((a, b) => b.score - a.score || a.document - b.document);
  }
}
