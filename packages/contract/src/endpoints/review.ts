/** Ratings, corrections, the review queue and test questions (issue 35): answers that get better. */
import * as v from 'valibot';
import {
  CorrectionBodySchema,
  CorrectionResultSchema,
  DismissReviewBodySchema,
  DismissReviewResultSchema,
  FeedbackBodySchema,
  FeedbackSchema,
  ReviewItemSchema,
  ReviewQuerySchema,
  TestQuestionsSchema,
  TestRunSchema,
  TestRunsQuerySchema,
} from '../review';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/review';
import { IdParamsSchema, UuidParamsSchema } from './params';

export const reviewEndpoints = {
  postFeedback: {
    ...routes.postFeedback,
    summary:
      "Rate an answer of the visitor's conversation up or down, with an optional reason; a new rating replaces the last",
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    body: FeedbackBodySchema,
    response: FeedbackSchema,
  },
  postCorrection: {
    ...routes.postCorrection,
    summary:
      'Correct an answer: an FAQ of the question it replied to (or the FAQ matching it, updated) answers it from now on; 409 `faq_limit` when the FAQs are full',
    tag: 'review',
    access: 'staff',
    scope: 'conversation',
    permission: 'trainer.manage',
    params: UuidParamsSchema,
    body: CorrectionBodySchema,
    response: CorrectionResultSchema,
  },
  // The queue is the trainer's work list (its only actions, correct and dismiss, are the trainer's):
  // reading it needs `trainer.manage` too.
  listReview: {
    ...routes.listReview,
    summary:
      'Answers that need a look (rated down, handed off, not known), newest first; dismissed ones leave',
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    query: ReviewQuerySchema,
    response: v.array(ReviewItemSchema),
    paginated: true,
  },
  dismissReview: {
    ...routes.dismissReview,
    summary:
      "Take answers out of the review queue; an id not of this assistant's answers refuses the whole request",
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    body: DismissReviewBodySchema,
    response: DismissReviewResultSchema,
  },
  getTestQuestions: {
    ...routes.getTestQuestions,
    summary: "The assistant's test questions, in order",
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    response: TestQuestionsSchema,
  },
  putTestQuestions: {
    ...routes.putTestQuestions,
    summary: "Replace the assistant's test questions (at most 200)",
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    body: TestQuestionsSchema,
    response: TestQuestionsSchema,
  },
  runTestQuestions: {
    ...routes.runTestQuestions,
    summary:
      'Ask every test question as a visitor would (nothing stored in the conversations, nothing counted in the figures); the run is kept',
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    response: TestRunSchema,
  },
  listTestRuns: {
    ...routes.listTestRuns,
    summary: 'The runs kept, newest first, each with its results',
    tag: 'review',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    query: TestRunsQuerySchema,
    response: v.array(TestRunSchema),
    paginated: true,
  },
} as const satisfies Record<string, Endpoint>;
