/**
 * How the answer-quality protocol of `shared/fixtures/qa` scores an answer (its README): a gold
 * answer appearing in it, both normalised; and the BM25 peer every answer is measured against.
 */

/** NFKC, lower case, punctuation and symbols as spaces, whitespace collapsed (the README's rule). */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether one of the gold answers appears in the answer, as whole words, both normalised. */
export function containsGold(answer: string, golds: readonly string[]): boolean {
  const text = ` ${normalizeAnswer(answer)} `;
  return golds.some((gold) => {
    const wanted = normalizeAnswer(gold);
    return wanted !== '' && text.includes(` ${wanted} `);
  });
}

/** BM25 (k1 1.2, b 0.75, no stemming) over sentences: the peer to beat. */
export class Bm25 {
  private readonly docs: string[][];
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;

  constructor(
    readonly sentences: readonly string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = sentences.map((sentence) => normalizeAnswer(sentence).split(' ').filter(Boolean));
    for (const doc of this.docs)
      for (const term of new Set(doc)) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    this.averageLength = this.docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.docs.length);
  }

  /** Sentence indexes by score, best first (only those sharing a term with the question). */
  rank(question: string): number[] {
    const terms = [...new Set(normalizeAnswer(question).split(' ').filter(Boolean))];
    const n = this.docs.length;
    const scores = this.docs.map((doc) => {
      let score = 0;
      for (const term of terms) {
        const df = this.df.get(term);
        if (!df) continue;
        const tf = doc.filter((word) => word === term).length;
        if (tf === 0) continue;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score +=
          (idf * tf * (this.k1 + 1)) /
          (tf + this.k1 * (1 - this.b + (this.b * doc.length) / this.averageLength));
      }
      return score;
    });
    return scores
      .map((score, index) => ({ score, index }))
      .filter((entry) => entry.score > 0)
      .sort((x, y) => y.score - x.score || x.index - y.index)
      .map((entry) => entry.index);
  }

  /** As many of the top sentences as fit in `chars` (at least the first), joined. */
  answer(question: string, chars: number): string {
    const picked: string[] = [];
    let length = 0;
    for (const index of this.rank(question)) {
      const sentence = this.sentences[index]!;
      const next = length + (picked.length ? 1 : 0) + sentence.length;
      if (picked.length > 0 && next > chars) break;
      picked.push(sentence);
      length = next;
    }
    return picked.join(' ');
  }
}
