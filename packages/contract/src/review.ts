/**
 * Answers that get better (issue 35; docs/product.md#ratings-and-review): visitors rate answers,
 * staff review what went wrong and correct it into an FAQ, and a set of test questions checks the
 * assistant after each change.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { PaginationQuerySchema } from './common';
import { FAQ_ANSWER_MAX_LENGTH, FAQ_QUESTION_MAX_LENGTH } from './assistant';
import { CorrectionSchema, RatingSchema, SourceSchema } from './chat';
import { FEEDBACK_REASON_MAX } from './constants';
import { withRange } from './date-range';
import { idsBodySchema, optionalText, requiredText } from './fields';

export { FEEDBACK_REASON_MAX };
/** Test questions one assistant may have. */
export const MAX_TEST_QUESTIONS = 200;
/** Words or phrases one test question may require of its answer, and the length of each. */
export const MAX_MUST_INCLUDE = 10;
export const MUST_INCLUDE_MAX_LENGTH = 200;
/** Test runs kept per assistant (older ones are dropped as new ones are kept). */
export const TEST_RUNS_KEPT = 50;

export { type Correction, CorrectionSchema, RATINGS, type Rating, RatingSchema } from './chat';

/** `POST public/conversation/{id}/feedback` body: one rating per answer, which a new one replaces. */
export const FeedbackBodySchema = v.object({
  message_id: v.pipe(v.number(C.invalidValue), v.integer(C.invalidValue), v.minValue(1, C.invalidValue)),
  rating: RatingSchema,
  /** What was wrong (after a thumbs down); blank is none. */
  reason: optionalText(FEEDBACK_REASON_MAX),
});
export type FeedbackBody = v.InferOutput<typeof FeedbackBodySchema>;

/** `POST public/conversation/{id}/feedback` answer: the answer's rating as stored now. */
export const FeedbackSchema = v.object({
  message_id: v.number(),
  rating: RatingSchema,
  reason: v.nullable(v.string()),
});
export type Feedback = v.InferOutput<typeof FeedbackSchema>;

/** `POST conversation/{id}/correction` body: the answer the assistant should have given. */
export const CorrectionBodySchema = v.object({
  message_id: FeedbackBodySchema.entries.message_id,
  answer: requiredText(FAQ_ANSWER_MAX_LENGTH),
});
export type CorrectionBody = v.InferOutput<typeof CorrectionBodySchema>;

/** `POST conversation/{id}/correction` answer: the FAQ made (or updated) and the mark on the answer. */
export const CorrectionResultSchema = v.object({
  message_id: v.number(),
  question: v.string(),
  answer: v.string(),
  /** True when an FAQ already matching the question was updated rather than one added. */
  updated: v.boolean(),
  corrected: CorrectionSchema,
});
export type CorrectionResult = v.InferOutput<typeof CorrectionResultSchema>;

/**
 * Why an answer needs a look: the visitor rated it down, it offered a person, or it did not know.
 * An answer that is several is listed once, under `down`, else `unanswered`, else `handoff` (an
 * "I don't know" offers a person too); the `reason` filter keeps every answer that is that one.
 */
export const REVIEW_REASONS = ['down', 'handoff', 'unanswered'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** `GET institution-product/{id}/review` query: a reason (none: all), a date range and the page. */
export const ReviewQuerySchema = withRange({
  ...PaginationQuerySchema.entries,
  reason: v.optional(v.picklist(REVIEW_REASONS, C.invalidValue)),
});
export type ReviewQuery = v.InferOutput<typeof ReviewQuerySchema>;

/** An item of the review queue: an answer and the question it replied to. */
export const ReviewItemSchema = v.object({
  conversation_id: v.string(),
  message_id: v.number(),
  /** The visitor's question the answer replied to (empty when it replied to none). */
  question: v.string(),
  answer: v.string(),
  reason: v.picklist(REVIEW_REASONS),
  rating: v.nullable(RatingSchema),
  /** The visitor's reason with the rating. */
  comment: v.nullable(v.string()),
  created_at: v.string(),
  corrected: v.nullable(CorrectionSchema),
  /** The passages the answer was made from (the editor shows them). */
  sources: v.array(SourceSchema),
});
export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>;

/** `POST institution-product/{id}/review/dismiss` body: answers that need nothing done. */
export const DismissReviewBodySchema = v.object({
  message_ids: idsBodySchema(FeedbackBodySchema.entries.message_id).entries.ids,
});
export type DismissReviewBody = v.InferOutput<typeof DismissReviewBodySchema>;

/** `POST institution-product/{id}/review/dismiss` answer: how many answers left the queue. */
export const DismissReviewResultSchema = v.object({ dismissed: v.number() });
export type DismissReviewResult = v.InferOutput<typeof DismissReviewResultSchema>;

/** What a test question expects: an answer, or that the assistant hands the visitor to a person. */
export const TEST_EXPECTATIONS = ['answer', 'handoff'] as const;
export type TestExpectation = (typeof TEST_EXPECTATIONS)[number];

/** A test question: what to ask, what to expect, and words the answer must hold. */
export const TestQuestionSchema = v.object({
  question: requiredText(FAQ_QUESTION_MAX_LENGTH),
  expect: v.picklist(TEST_EXPECTATIONS, C.invalidValue),
  must_include: v.optional(
    v.pipe(
      v.array(requiredText(MUST_INCLUDE_MAX_LENGTH), C.invalidValue),
      v.maxLength(MAX_MUST_INCLUDE, C.tooLong),
    ),
    [],
  ),
});
export type TestQuestion = v.InferOutput<typeof TestQuestionSchema>;

/** `GET/PUT institution-product/{id}/test-question` body and answer; a PUT replaces them all, in order. */
export const TestQuestionsSchema = v.object({
  questions: v.pipe(v.array(TestQuestionSchema, C.invalidValue), v.maxLength(MAX_TEST_QUESTIONS, C.tooLong)),
});
export type TestQuestions = v.InferOutput<typeof TestQuestionsSchema>;

/**
 * Why a test question failed: it expected an answer and the assistant did not know or offered a
 * person (`not_answered`), it expected a person and got an answer (`not_handed_off`), or the
 * answer lacks a word it must hold (`missing_text`, the words in `missing`).
 */
export const TEST_FAILURES = ['not_answered', 'not_handed_off', 'missing_text'] as const;
export type TestFailure = (typeof TEST_FAILURES)[number];

/** A test question's result in a run. */
export const TestResultSchema = v.object({
  question: v.string(),
  expect: v.picklist(TEST_EXPECTATIONS),
  passed: v.boolean(),
  answer: v.string(),
  /** Null when it passed. */
  reason: v.nullable(v.picklist(TEST_FAILURES)),
  /** The `must_include` words the answer lacks. */
  missing: v.array(v.string()),
});
export type TestResult = v.InferOutput<typeof TestResultSchema>;

/** A test run, as kept: when, by whom, and each question's result. */
export const TestRunSchema = v.object({
  id: v.number(),
  created_at: v.string(),
  passed: v.number(),
  failed: v.number(),
  results: v.array(TestResultSchema),
});
export type TestRun = v.InferOutput<typeof TestRunSchema>;

/** `GET institution-product/{id}/test-question/run` query: the page (newest run first). */
export const TestRunsQuerySchema = PaginationQuerySchema;
