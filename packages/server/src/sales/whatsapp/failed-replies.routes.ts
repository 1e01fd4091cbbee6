/**
 * A sales-support assistant's WhatsApp messages as staff read them (docs/architecture.md#sales-support):
 * the sellers' questions that were neither a lead nor an order (with the answers sent), for those who
 * manage the allowed numbers; and the replies that could not be sent (refused by the Graph API,
 * retried in vain, or reported failed by Meta's status callback), for those who manage the channel,
 * sent again through the job queue when they ask.
 */
import { endpoints } from '@conversa/contract/endpoints';
import type { FailedReply, SellerQuestion } from '@conversa/contract/sales';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/env';
import { ok, okPage } from '../../http/respond';
import { endpointRouter } from '../../http/route';
import { type FailedReplyRow, failedRepliesRepo, type SellerQuestionRow } from './failed-replies.repo';
import { failedRepliesService } from './failed-replies.service';

function toFailedReply(row: FailedReplyRow): FailedReply {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    seller_name: row.sellerName,
    body: row.body ?? '',
    error: row.error,
    failed_at: row.failedAt.toISOString(),
    question: row.question,
  };
}

function toSellerQuestion(row: SellerQuestionRow): SellerQuestion {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    seller_name: row.sellerName,
    question: row.question ?? '',
    asked_at: row.askedAt.toISOString(),
    answer: row.answer ?? '',
    answered_at: row.answeredAt.toISOString(),
  };
}

export function failedRepliesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const messages = failedRepliesRepo(db);
  const failed = failedRepliesService({ db, clock: deps.clock });

  // Any assistant of the caller's may be listed: only sales support ever has replies.
  route(app, endpoints.listFailedReplies, async (c, { scope, query }) => {
    const { page, 'per-page': perPage } = query;
    const { items, total } = await messages.listFailed(scope, { page, perPage });
    return okPage(c, { items: items.map(toFailedReply), total, page, perPage });
  });

  // The sellers' questions answered from the knowledge: stored with the channel's messages.
  route(app, endpoints.listSellerQuestions, async (c, { scope, query }) => {
    const { page, 'per-page': perPage } = query;
    const { items, total } = await messages.listQuestions(scope, { page, perPage });
    return okPage(c, { items: items.map(toSellerQuestion), total, page, perPage });
  });

  route(app, endpoints.retryFailedReplies, async (c, { scope, body }) => {
    const ref = { institutionId: scope.institutionId, assistantId: scope.assistantId };
    const ids = [...new Set(body.ids)];
    await failed.retry(ref, ids);
    return ok(c, { ids });
  });

  return app;
}
