import { describe, expect, it } from 'vitest';
import { loadQaSet, QA_FOLDS, QA_GUARD_FOLD, qaGuardQuestions, UPLOADED_ARTICLES } from './qa-protocol';
import { Bm25, containsGold, normalizeAnswer } from './qa-scoring';

describe('the answer-quality protocol', () => {
  it('normalises as its README says: NFKC, lower case, punctuation and symbols as spaces', () => {
    expect(normalizeAnswer('  Ogród  Saski, (1870–1939)! ')).toBe('ogród saski 1870 1939');
    expect(normalizeAnswer('ﬁve ＄10')).toBe('five 10');
  });

  it('finds a gold answer as whole words only', () => {
    expect(containsGold('It opened in **1870**.', ['1870'])).toBe(true);
    expect(containsGold('Between 18700 and more', ['1870'])).toBe(false);
    expect(containsGold('The Saxon Garden (Ogród Saski).', ['Ogród Saski', 'x'])).toBe(true);
    expect(containsGold('anything', [''])).toBe(false);
  });

  it('ranks sentences by BM25 and answers with as many as fit, at least one', () => {
    const peer = new Bm25([
      'The theatre opened in 1870.',
      'Warsaw has many theatres and a large theatre square.',
      'The river is long.',
    ]);
    expect(peer.rank('When did the theatre open?')[0]).toBe(0);
    expect(peer.rank('mountains')).toEqual([]);
    expect(peer.answer('When did the theatre open?', 5)).toBe('The theatre opened in 1870.');
    expect(peer.answer('theatre', 200).split('. ').length).toBe(2);
  });

  it('uploads 18 articles as six files of three and asks about all 24', () => {
    for (const language of ['es', 'en'] as const) {
      const set = loadQaSet(language);
      expect(set.files).toHaveLength(6);
      expect(set.files[0]!.text.split('\n\n')[0]).not.toContain('_');
      const articles = new Set(set.questions.map((question) => question.article));
      expect(articles.size).toBe(24);
      const uploaded = new Set(set.questions.filter((q) => q.answerable).map((q) => q.article));
      expect(uploaded.size).toBe(UPLOADED_ARTICLES);
      expect(set.questions).toHaveLength(578);
      // Folds by article: six articles each, both kinds in each; the guard asks one of them.
      for (let fold = 0; fold < QA_FOLDS; fold += 1) {
        const inFold = set.questions.filter((question) => question.fold === fold);
        expect(new Set(inFold.map((question) => question.article)).size).toBe(6);
        expect(inFold.some((question) => question.answerable)).toBe(true);
        expect(inFold.some((question) => !question.answerable)).toBe(true);
      }
      const guard = qaGuardQuestions(set, 1);
      expect(guard.every((question) => question.fold === QA_GUARD_FOLD)).toBe(true);
      expect(qaGuardQuestions(set, 2)).toHaveLength(Math.ceil(guard.length / 2));
      // Every paragraph of the uploaded articles gives the peer one sentence or more.
      const paragraphs = set.files.flatMap((file) => file.text.split('\n\n')).length - UPLOADED_ARTICLES;
      expect(set.sentences.length).toBeGreaterThan(paragraphs);
    }
  });
});
