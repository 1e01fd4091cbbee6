/** An assistant's test questions and the runs kept of them (issue 35); every query names the institution. */
import { TEST_RUNS_KEPT, type TestQuestion, type TestResult, type TestRun } from '@conversa/contract/review';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database';
import { testQuestions, testRuns } from '../db/review-schema';
import type { AssistantRef } from './review.repo';

const ofAssistant = (ref: AssistantRef) =>
  and(eq(testQuestions.institutionId, ref.institutionId), eq(testQuestions.assistantId, ref.assistantId));
const runsOf = (ref: AssistantRef) =>
  and(eq(testRuns.institutionId, ref.institutionId), eq(testRuns.assistantId, ref.assistantId));

const toRun = (row: typeof testRuns.$inferSelect): TestRun => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  passed: row.passed,
  failed: row.failed,
  results: row.results,
});

/** The test-question queries of one database. */
export function testQuestionsRepo(db: Db) {
  return {
    /** The assistant's test questions, in order. */
    async list(ref: AssistantRef): Promise<TestQuestion[]> {
      const rows = await db
        .select({
          question: testQuestions.question,
          expect: testQuestions.expect,
          must_include: testQuestions.mustInclude,
        })
        .from(testQuestions)
        .where(ofAssistant(ref))
        .orderBy(asc(testQuestions.position));
      return rows;
    },

    /** Replaces the assistant's test questions, in one transaction. */
    async replace(ref: AssistantRef, questions: readonly TestQuestion[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(testQuestions).where(ofAssistant(ref));
        if (questions.length > 0)
          await tx.insert(testQuestions).values(
            questions.map((question, position) => ({
              ...ref,
              position,
              question: question.question,
              expect: question.expect,
              mustInclude: question.must_include,
            })),
          );
      });
    },

    /** Keeps a run, and drops the assistant's runs older than the last TEST_RUNS_KEPT. */
    async keepRun(
      ref: AssistantRef,
      run: { userId: number; results: TestResult[]; now: Date },
    ): Promise<TestRun> {
      const passed = run.results.filter((result) => result.passed).length;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(testRuns)
          .values({
            ...ref,
            userId: run.userId,
            passed,
            failed: run.results.length - passed,
            results: run.results,
            createdAt: run.now,
          })
          .returning();
        await dropOld(tx, ref, row!.id);
        return toRun(row!);
      });
    },

    /** A page of the assistant's runs, newest first, and how many are kept. */
    async runs(ref: AssistantRef, page: { page: number; perPage: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(testRuns)
          .where(runsOf(ref))
          .orderBy(desc(testRuns.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ n: count() }).from(testRuns).where(runsOf(ref)),
      ]);
      return { items: rows.map(toRun), total: total?.n ?? 0 };
    },
  };
}

/** Drops the runs before the last TEST_RUNS_KEPT (the newest being `newest`). */
async function dropOld(tx: DbOrTx, ref: AssistantRef, newest: number) {
  const [oldestKept] = await tx
    .select({ id: testRuns.id })
    .from(testRuns)
    .where(and(runsOf(ref), sql`${testRuns.id} <= ${newest}`))
    .orderBy(desc(testRuns.id))
    .offset(TEST_RUNS_KEPT - 1)
    .limit(1);
  if (oldestKept) await tx.delete(testRuns).where(and(runsOf(ref), lt(testRuns.id, oldestKept.id)));
}
