/**
 * An assistant's test questions and the runs kept of them (issue 35, review/): each run asks every
 * question as a visitor would and keeps the results, so staff see whether a change helped.
 */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { TestExpectation, TestResult } from '@conversa/contract/review';
import { assistantRef, createdAt, institutionRef, users } from './schema';

/** An assistant's test questions, in `position` order; a save replaces them all. */
export const testQuestions = pgTable(
  'test_questions',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    expect: text('expect').$type<TestExpectation>().notNull(),
    mustInclude: jsonb('must_include').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId, t.position] })],
);

/** A run of an assistant's test questions: when, by whom, and each question's result. */
export const testRuns = pgTable(
  'test_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    passed: integer('passed').notNull(),
    failed: integer('failed').notNull(),
    results: jsonb('results').$type<TestResult[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_runs_product_idx').on(t.institutionId, t.assistantId, t.id)],
);
