/** Cache keys of the review queue and the test questions (issue 35), and the matchers of the writes that refresh them. */
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { ReviewReason } from '@conversa/contract/review';
import * as routes from '@conversa/contract/routes/review';
import { isRouteKey, routeKey } from '../keys';
import { localTimeZone } from '../conversations/keys';

/** What the queue asks for: a reason (none: all), days in `tz`, and the page. */
export interface ReviewQuery {
  reason?: ReviewReason | null;
  from?: string | null;
  to?: string | null;
  tz?: string;
  page?: number;
  perPage?: number;
}

/** The query normalized, so equal queries share one cache entry. */
export function normalizeReviewQuery({
  reason = null,
  from = null,
  to = null,
  tz = localTimeZone(),
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
}: ReviewQuery = {}): Required<ReviewQuery> {
  return { reason, from: from || null, to: to || null, tz, page, perPage };
}

/** The query string of a queue request (absent filters left out). */
export function reviewSearch({ reason, from, to, tz, page, perPage }: Required<ReviewQuery>) {
  return {
    ...(reason ? { reason } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    tz,
    page,
    'per-page': perPage,
  };
}

/** SWR key of a page of an assistant's review queue. */
export const reviewKey = (assistantId: number, query: ReviewQuery = {}) =>
  routeKey(routes.listReview, { id: assistantId }, normalizeReviewQuery(query));

/** True for every page of the queue of `assistantId`. */
export const isReviewKey = (assistantId: number) => isRouteKey(routes.listReview, { id: assistantId });

/** SWR key of an assistant's test questions. */
export const testQuestionsKey = (assistantId: number) =>
  routeKey(routes.getTestQuestions, { id: assistantId });

/** SWR key of a page of an assistant's test runs. */
export const testRunsKey = (assistantId: number, page = 1, perPage = DEFAULT_PAGE_SIZE) =>
  routeKey(routes.listTestRuns, { id: assistantId }, { page, perPage });

/** True for every page of the runs of `assistantId`. */
export const isTestRunsKey = (assistantId: number) => isRouteKey(routes.listTestRuns, { id: assistantId });
