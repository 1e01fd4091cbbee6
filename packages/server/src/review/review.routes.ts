/**
 * Answers that get better (issue 35; docs/architecture.md#ratings-and-review): a visitor rates an
 * answer; staff read the review queue, correct an answer into an FAQ or dismiss it, and keep and
 * run the assistant's test questions.
 */
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { correctAnswer } from './correction.service';
import { rateAnswer } from './feedback.service';
import { reviewRepo } from './review.repo';
import { runTests } from './test-questions.service';
import { testQuestionsRepo } from './test-questions.repo';

export function reviewRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const tests = testQuestionsRepo(db);

  route(app, endpoints.postFeedback, async (c, { scope, body }) =>
    ok(c, await rateAnswer(deps, scope, body, { ip: clientIp(c, deps.config) })),
  );

  route(app, endpoints.postCorrection, async (c, { scope, body }) =>
    ok(c, await correctAnswer(deps, scope, body), 201),
  );

  route(app, endpoints.listReview, async (c, { scope, query }) => {
    const { page, 'per-page': perPage } = query;
    const { items, total } = await reviewRepo(db).queue(scope, query, { page, perPage });
    return okPage(c, { items, total, page, perPage });
  });

  route(app, endpoints.dismissReview, async (c, { scope, body }) => {
    const now = deps.clock.now();
    // Any id that is not an answer of this assistant's conversations refuses the whole request.
    const dismissed = await db.transaction(async (tx) => {
      const n = await reviewRepo(tx).dismiss(scope, body.message_ids, now);
      if (n === null) throw notFound();
      return n;
    });
    return ok(c, { dismissed });
  });

  route(app, endpoints.getTestQuestions, async (c, { scope }) =>
    ok(c, { questions: await tests.list(scope) }),
  );

  route(app, endpoints.putTestQuestions, async (c, { scope, body }) => {
    await tests.replace(scope, body.questions);
    return ok(c, { questions: body.questions });
  });

  route(app, endpoints.runTestQuestions, async (c, { scope }) =>
    ok(c, await runTests(deps, scope, c.get('logger')(), c.req.raw.signal), 201),
  );

  route(app, endpoints.listTestRuns, async (c, { scope, query }) => {
    const { page, 'per-page': perPage } = query;
    const { items, total } = await tests.runs(scope, { page, perPage });
    return okPage(c, { items, total, page, perPage });
  });

  return app;
}
