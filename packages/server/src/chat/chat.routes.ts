/**
 * The public chat API (docs/architecture.md#knowledge-and-answers, #the-widget-and-public-pages): the assistant a public page shows (by institution and kind,
 * or by the embed snippet's external id), a visitor's session (a guest token for one conversation),
 * questions answered as server-sent events, and the conversation so far. Validation and limit errors are JSON answers before a stream starts; a
 * failure once it has started is an `error` event.
 *
 * CORS: the chat app calls this from the chat host, the server's own origin, so the app's CORS rule
 * (PUBLIC_URL and CORS_ORIGINS) is enough; the one exception is `GET public/assistant/{external_id}`,
 * which embed.js reads from the embedding site's page and which answers any origin.
 */
import type { PublicKind } from '@conversa/contract/chat';
import { DEFAULT_LOCALE } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { signGuestToken } from '../auth/tokens';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { pickLocale, translate } from '../i18n/translate';
import { AnswerFailedError } from '../knowledge';
import { chatConversationLimit, chatIpLimit, chatSessionIpLimit } from '../rate-limit/limits';
import { modelCalls } from '../rate-limit/model-calls';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { ASSISTANT_TYPE_OF, assistantLocale, hasPublicChat } from '../assistants';
import { sessionOriginAllowed, toChatMessage, toPublicAssistant, toWidgetAssistant } from './chat.service';
import { askInConversation } from './ask';
import { toStaff } from './live-events';
import { liveStreams } from './live-stream';
import { type AssistantRow, visitorConversationsRepo } from './visitor-conversations.repo';

/** The public assistant changes rarely; a short shared cache spares the database on busy pages. */
const ASSISTANT_CACHE = 'public, max-age=60';

/** The public chat routes. */
export function chatRoutes(deps: AppDeps) {
  const repo = visitorConversationsRepo(deps.database.db);
  const route = endpointRouter(deps);
  const linkInactive = () => new ApiError(403, 'link_inactive');
  const ownOrigin = new URL(deps.config.publicUrl).origin;

  /** The assistant of an external id; 404 when there is none, or it has no public chat (sales support). */
  const byExternalId = async (externalId: string) => {
    const assistant = await repo.byExternalId(externalId);
    if (!assistant || !hasPublicChat(assistant)) throw notFound();
    return assistant;
  };

  /** A visitor's conversation; 404 when there is none, or its assistant has no public chat. */
  const visitorConversation = async (conversationId: string, assistantId: number) => {
    const conversation = await repo.find(conversationId, assistantId);
    if (!conversation || !hasPublicChat(conversation)) throw notFound();
    return conversation;
  };

  /** The assistant of a public page (an institution's, of a kind); 404 when there is none. */
  const byPage = async ({ kind, id }: { kind: PublicKind; id: number }) => {
    const assistant = await repo.assistant(id, ASSISTANT_TYPE_OF[kind]);
    if (!assistant) throw notFound();
    return assistant;
  };

  /** Starts a visitor's conversation with an assistant: rate-limited per IP, refused when inactive. */
  const startSession = async (c: Context<AppEnv>, assistant: AssistantRow) => {
    if (!assistant.active) throw linkInactive();
    // The snippet's allowed websites hold for the session too, not only for the frame's CSP. A
    // request without Origin is no browser's, and a script can send any: this stops other sites' pages.
    const origin = c.req.header('origin');
    if (origin !== undefined && !sessionOriginAllowed(origin, assistant.snippet.allowed_origins, ownOrigin))
      throw new ApiError(403, 'origin_not_allowed');
    const limit = chatSessionIpLimit(clientIp(c, deps.config));
    await takeLimits(deps, [limit]);

    const now = deps.clock.now();
    const header = c.req.header('accept-language');
    const locale = header ? pickLocale(header) : assistantLocale(assistant);
    const conversationId = await repo.create({
      institutionId: assistant.institutionId,
      assistantId: assistant.assistantId,
      locale,
      now,
    });
    const token = await signGuestToken(deps.config.keys.tokenKey, {
      assistantId: assistant.assistantId,
      conversationId,
      now,
    });
    return ok(c, { token, conversation_id: conversationId }, 201);
  };

  const app = new Hono<AppEnv>();

  route(app, endpoints.publicAssistant, async (c, { params }) => {
    const assistant = await byPage(params);
    c.header('Cache-Control', ASSISTANT_CACHE);
    return ok(c, toPublicAssistant(assistant, deps.config.publicUrl));
  });

  route(app, endpoints.publicSession, async (c, { params }) => startSession(c, await byPage(params)));

  route(app, endpoints.widgetAssistant, async (c, { params }) => {
    const assistant = await byExternalId(params.id);
    c.header('Cache-Control', ASSISTANT_CACHE);
    // embed.js reads this from the embedding site's page: public data, so any origin (no credentials).
    c.header('Access-Control-Allow-Origin', '*');
    return ok(c, toWidgetAssistant(assistant, deps.config.publicUrl));
  });

  route(app, endpoints.widgetSession, async (c, { params }) =>
    startSession(c, await byExternalId(params.id)),
  );

  route(app, endpoints.getConversation, async (c, { scope: { conversationId, assistantId } }) => {
    const conversation = await visitorConversation(conversationId, assistantId);
    const rows = await repo.messages(conversation.institutionId, conversation.id);
    return ok(c, {
      id: conversation.id,
      messages: rows.map((row) => toChatMessage(row, conversation)),
      status: conversation.status,
    });
  });

  const liveStream = liveStreams(deps, repo);
  route(app, endpoints.conversationEvents, async (c, { scope: { conversationId, assistantId } }) =>
    liveStream(c, await visitorConversation(conversationId, assistantId)),
  );

  route(app, endpoints.postMessage, async (c, { scope: { conversationId, assistantId }, body: { text } }) => {
    const conversation = await visitorConversation(conversationId, assistantId);
    // The link may have been switched off after the session started.
    if (!conversation.active) throw linkInactive();
    const limits = [chatConversationLimit(conversationId), chatIpLimit(clientIp(c, deps.config))];
    await takeLimits(deps, limits);

    const locale = c.get('locale') ?? DEFAULT_LOCALE;
    const logger = c.get('logger')();
    const left = new AbortController();
    const asked = await askInConversation(deps, repo, conversation, text, {
      logger,
      signal: left.signal,
      // Beyond the model's budgets the visitor still gets the extractive answer, not an error.
      calls: deps.config.llm
        ? modelCalls(
            { ...deps, logger },
            deps.config.llm,
            { kind: 'visitor', institutionId: conversation.institutionId },
            'fallback',
          )
        : undefined,
    });

    if (!('answer' in asked)) {
      // A person answers this conversation: the question is theirs, the assistant says nothing.
      const { userMessageId, status } = asked;
      const { institutionId } = conversation;
      toStaff(deps.events, { institutionId, assistantId, conversationId }, status, userMessageId);
      return streamSSE(c, (stream) =>
        stream.writeSSE({ event: 'done', data: JSON.stringify({ user_message_id: userMessageId, status }) }),
      );
    }
    const { userMessageId, answer, keep } = asked;
    return streamSSE(c, async (stream) => {
      const counted = deps.metrics.streamOpened('answer');
      stream.onAbort(() => left.abort());
      const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
      try {
        let step = await answer.next();
        for (; !step.done; step = await answer.next()) await send(step.value.event, step.value.data);
        const kept = await keep(step.value);
        await send(
          'done',
          typeof kept === 'number'
            ? { message_id: kept, user_message_id: userMessageId }
            : { user_message_id: userMessageId, status: kept.status },
        );
      } catch (error) {
        if (left.signal.aborted) return;
        if (!(error instanceof AnswerFailedError)) logger.error({ err: error }, 'answer failed');
        else logger.warn({ reason: error.failure.reason }, 'answer failed after it started');
        await send('error', { code: 'answer_failed', message: translate(locale, 'answer_failed') }).catch(
          () => undefined,
        );
      } finally {
        counted();
      }
    });
  });
  return app;
}
