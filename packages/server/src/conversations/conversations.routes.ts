/**
 * Conversation routes (docs/architecture.md#conversations): staff read the list, its download, the
 * dashboard and a transcript, ask for an overview, and delete; a chat visitor leaves a contact.
 */
import { endpoints } from '@conversa/contract/endpoints';
import type { ConversationDetail, ConversationListItem } from '@conversa/contract/conversation';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { DEFAULT_LOCALE } from '@conversa/contract/constants';
import { auditedDownload, auditRequest } from '../audit/audit-request';
import { askInConversation } from '../chat';
import { toChatMessage } from '../chat';
import { visitorConversationsRepo } from '../chat';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ApiError, isApiError, notFound } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { AnswerFailedError } from '../knowledge';
import { chatConversationLimit } from '../rate-limit/limits';
import { modelCalls } from '../rate-limit/model-calls';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { asLocale } from '../users';
import {
  type ConversationListRow,
  PREVIEW_CHANNEL,
  staffConversationsRepo,
} from './staff-conversations.repo';
import { conversationsCsv, csvRecord } from './csv';
import { dayIn } from '../db/days';
import { dashboard } from './dashboard';
import { staffEventStreams } from '../events/staff-streams';
import { institutionLiveTopic } from '../events/topics';
import { CONVERSATION_EVENT } from '@conversa/contract/chat';
import { leaveContact } from './contact.service';
import { liveService } from './live.service';
import { makeOverview } from './overview';
import { toPreviewAnswer } from './preview';

/** A stored conversation as a row of the list. */
function toListItem(row: ConversationListRow): ConversationListItem {
  return {
    id: row.id,
    started_at: row.createdAt.toISOString(),
    last_interaction_at: row.lastMessageAt.toISOString(),
    message_count: row.messageCount,
    first_question: row.firstQuestion,
    locale: asLocale(row.locale),
    handoff: row.handoff,
    contact: row.contact,
    has_overview: row.overview !== null,
    rated_up: row.ratedUp,
    rated_down: row.ratedDown,
    ...stateOf(row),
  };
}

/** Who answers a conversation, and its holder. */
const stateOf = (row: Pick<ConversationListRow, 'status' | 'agentId' | 'agentName'>) => ({
  status: row.status,
  agent: row.agentId === null ? null : { id: row.agentId, full_name: row.agentName ?? '' },
});

/** An answer that failed (the model stopped half-way): a 502 with the chat's own text. */
function failed(error: unknown): never {
  if (error instanceof AnswerFailedError) throw new ApiError(502, 'answer_failed');
  throw error;
}

export function conversationsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const staff = staffConversationsRepo(deps.database.db);
  const live = liveService(deps);
  const staffStreams = staffEventStreams(deps);
  const chat = visitorConversationsRepo(deps.database.db);

  /** The model calls of a member's console action: beyond a budget, a 429. */
  const staffModelCalls = (logger: Logger, institutionId: number, userId: number) =>
    deps.config.llm
      ? modelCalls({ ...deps, logger }, deps.config.llm, { kind: 'staff', institutionId, userId }, 'reject')
      : undefined;

  /** A conversation of the scope's institution with its transcript, as the visitor saw it. */
  async function detail(institutionId: number, assistantId: number, id: string) {
    const [row, conversation] = await Promise.all([
      staff.find(institutionId, id),
      chat.find(id, assistantId),
    ]);
    if (!row || !conversation) throw notFound();
    const messages = await chat.messages(institutionId, id);
    return { row, conversation, messages };
  }

  route(app, endpoints.listConversations, async (c, { scope, query }) => {
    const { page, 'per-page': perPage, ...filters } = query;
    const { items, total } = await staff.list(scope, filters, { page, perPage });
    return okPage(c, { items: items.map(toListItem), total, page, perPage });
  });

  route(app, endpoints.downloadConversations, (c, { scope, query }) => {
    const locale = c.get('locale');
    const day = dayIn(deps.clock.now(), query.tz);
    const audited = auditedDownload(c, deps, scope.user, {
      what: 'conversations',
      institutionId: scope.institutionId,
      assistantId: scope.assistantId,
    });
    const lines = staff.lines(scope, query, csvRecord(locale, query.tz), audited);
    return new Response(conversationsCsv(audited.chunks(lines), locale), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="conversations-${scope.assistantId}-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });

  route(app, endpoints.previewQuestion, async (c, { scope, body }) => {
    const { institutionId, assistantId } = scope;
    const now = deps.clock.now();
    let conversation = body.conversation_id
      ? await chat.find(body.conversation_id.toLowerCase(), assistantId)
      : null;
    // Only a preview conversation of this assistant goes on: never a visitor's.
    if (body.conversation_id && (!conversation || conversation.channel !== PREVIEW_CHANNEL)) throw notFound();
    if (!conversation) {
      const locale = c.get('locale') ?? DEFAULT_LOCALE;
      const id = await chat.create({ institutionId, assistantId, locale, now, channel: PREVIEW_CHANNEL });
      conversation = await chat.find(id, assistantId);
      if (!conversation) throw notFound();
    }
    await takeLimits(deps, [chatConversationLimit(conversation.id)]);
    const logger = c.get('logger')();
    const asked = await askInConversation(deps, chat, conversation, body.text, {
      logger,
      signal: c.req.raw.signal,
      // Each question is a fresh conversation's at will: the model's limits are the member's and the institution's.
      calls: staffModelCalls(logger, institutionId, scope.user.userId),
    });
    // A preview conversation is only ever the assistant's.
    if (!('answer' in asked)) throw notFound();
    const { answer, keep } = asked;
    const refused = async (error: unknown): Promise<never> => {
      // Beyond the model's budgets nothing was answered: a preview conversation this question
      // started is not kept (with the question alone in it).
      if (!body.conversation_id && isApiError(error) && error.status === 429)
        await staff.deleteAll(institutionId, [conversation.id]);
      return failed(error);
    };
    let step = await answer.next().catch(refused);
    while (!step.done) step = await answer.next().catch(refused);
    const composed = step.value;
    const kept = await keep(composed);
    // A preview conversation is only ever the assistant's: its answer is always stored.
    if (typeof kept !== 'number') throw notFound();
    return ok(c, toPreviewAnswer(conversation.id, kept, composed, conversation.handoff));
  });

  route(app, endpoints.getDashboard, async (c, { scope, query }) =>
    ok(c, await dashboard(deps.database.db, scope, query, deps.clock.now())),
  );

  route(app, endpoints.getConversationDetail, async (c, { scope }) => {
    const { row, conversation, messages } = await detail(
      scope.institutionId,
      scope.assistantId,
      scope.conversationId,
    );
    const answer: ConversationDetail = {
      id: row.id,
      institution_product_id: scope.assistantId,
      started_at: row.createdAt.toISOString(),
      last_interaction_at: row.lastMessageAt.toISOString(),
      locale: asLocale(row.locale),
      messages: messages.map((message) => toChatMessage(message, conversation, { for: 'staff' })),
      contact: row.contact,
      overview: row.overview,
      ...stateOf(row),
    };
    return ok(c, answer);
  });

  route(app, endpoints.generateOverview, async (c, { scope }) => {
    const { row, conversation, messages } = await detail(
      scope.institutionId,
      scope.assistantId,
      scope.conversationId,
    );
    const now = deps.clock.now();
    const overview = await makeOverview(
      {
        // A person's replies are the institution's side of the conversation.
        messages: messages.map(({ role, content, sources, handoff, answered }) => ({
          role: role === 'agent' ? ('assistant' as const) : role,
          content,
          sources,
          handoff,
          answered,
        })),
        contact: row.contact,
        locale: asLocale(row.locale),
        country: conversation.country,
      },
      {
        llm: deps.config.llm,
        now,
        logger: c.get('logger')(),
        calls: staffModelCalls(c.get('logger')(), scope.institutionId, scope.user.userId),
      },
    );
    await staff.saveOverview(scope.institutionId, row.id, overview, now);
    return ok(c, overview);
  });

  route(app, endpoints.deleteConversations, async (c, { scope, body }) => {
    if (!(await staff.deleteAll(scope.institutionId, body.ids))) throw notFound();
    await auditRequest(c, deps, scope.user, {
      action: 'deleted',
      institutionId: scope.institutionId,
      detail: { what: 'conversation', ids: body.ids, count: body.ids.length },
    });
    return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
  });

  route(app, endpoints.getLiveCounts, async (c, { scope }) => ok(c, await live.counts(scope.institutionId)));

  route(app, endpoints.institutionEvents, (c, { scope }) =>
    staffStreams(
      c,
      scope,
      endpoints.institutionEvents.permission,
      [{ topic: institutionLiveTopic(scope.institutionId), event: CONVERSATION_EVENT }],
      'live',
    ),
  );

  route(app, endpoints.requestPerson, async (c, { scope }) => ok(c, await live.askForPerson(scope)));

  route(app, endpoints.takeOverConversation, async (c, { scope, body }) =>
    ok(c, await live.takeOver(scope, body.force)),
  );

  route(app, endpoints.replyInConversation, async (c, { scope, body }) =>
    ok(c, await live.reply(scope, body.text), 201),
  );

  route(app, endpoints.signalTyping, async (c, { scope }) => ok(c, { sent: await live.typing(scope) }));

  route(app, endpoints.releaseConversation, async (c, { scope }) => ok(c, await live.release(scope)));

  route(app, endpoints.postContact, async (c, { scope, body }) =>
    ok(
      c,
      await leaveContact(deps, scope, body, { ip: clientIp(c, deps.config), locale: c.get('locale') }),
      201,
    ),
  );

  return app;
}
