/**
 * Assistant settings: `POST institution-product`, `PUT institution-product/{id}` (a new handoff
 * address is mailed a confirmation link), `POST institution-product/{id}/handoff/confirmation` (that
 * mail again), and the assistant's knowledge base and FAQs. Without `X-Institution-Id` the assistant names its institution.
 */
import { MAX_ASSISTANTS_PER_INSTITUTION } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound, quotaExceeded } from '../http/errors';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { handoffConfirmationLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { enqueueEmbedding } from '../knowledge';
import { assistantSettingsRepo } from './assistant-settings.repo';
import { assistantsRepo } from './assistants.repo';
import { assertMayUpdate, changesOf, mailsConfirmation, typeAllowed } from './assistant-settings.service';
import { queueHandoffConfirmation } from './handoff-confirmation.job';
import { handoffConfirmationRepo, NO_HANDOFF_TOKEN } from './handoff-confirmation.repo';

/** The assistant settings routes. */
export function assistantSettingsRoutes(deps: AppDeps) {
  const settings = assistantSettingsRepo(deps.database.db, deps.config.publicUrl);
  const assistants = assistantsRepo(deps.database.db, deps.config.publicUrl);
  const confirmations = handoffConfirmationRepo(deps.database.db);
  const route = endpointRouter(deps);
  const app = new Hono<AppEnv>();
  /** With an embeddings model, changed knowledge is queued to be embedded (knowledge/embeddings/). */
  const embedLater = async ({
    institutionId,
    assistantId,
  }: {
    institutionId: number;
    assistantId: number;
  }) => {
    await enqueueEmbedding(
      deps.database.db,
      deps.config.embeddings,
      { institutionId, assistantId },
      deps.clock.now(),
    );
  };

  route(app, endpoints.createAssistant, async (c, { scope, body }) => {
    const kind = await settings.institutionKind(scope.institutionId);
    if (!kind) throw notFound();
    if (!typeAllowed(kind, body.type)) {
      const locale = c.get('locale');
      throw new ApiError(400, 'validation_failed', {
        issues: [{ path: 'type', code: 'invalid_value', message: translate(locale, 'invalid_value') }],
      });
    }
    const quota = scope.user.isAdmin ? null : MAX_ASSISTANTS_PER_INSTITUTION;
    const created = await settings.create(scope.institutionId, body, deps.clock.now(), quota);
    if (!created) throw quotaExceeded('assistant_quota', MAX_ASSISTANTS_PER_INSTITUTION);
    return ok(c, created, 201);
  });

  route(app, endpoints.updateAssistant, async (c, { scope, body }) => {
    // The name needs assistant.manage, the other settings trainer.manage.
    assertMayUpdate(scope.roles, body);
    const current = await assistants.find(scope.institutionId, scope.assistantId);
    if (!current) throw notFound();
    const changes = changesOf(body, current);
    let mail = false;
    if (body.handoff !== undefined) {
      const email = body.handoff?.email ?? null;
      const state = await confirmations.state(scope.institutionId, scope.assistantId);
      if (!state) throw notFound();
      // A changed address's pending link stops working; a new one is mailed (counted first: a 429 saves nothing).
      if (email !== state.email) Object.assign(changes, NO_HANDOFF_TOKEN);
      mail = mailsConfirmation(email, state);
      if (mail) await takeLimits(deps, [handoffConfirmationLimit(scope.assistantId)]);
    }
    const updated = await settings.update(
      scope.institutionId,
      scope.assistantId,
      changes,
      deps.clock.now(),
      mail,
    );
    if (!updated) throw notFound();
    return ok(c, updated);
  });

  route(app, endpoints.resendHandoffConfirmation, async (c, { scope }) => {
    const state = await confirmations.state(scope.institutionId, scope.assistantId);
    if (!state) throw notFound();
    if (state.email === null || state.email === state.confirmedEmail) {
      throw new ApiError(409, 'handoff_nothing_to_confirm');
    }
    await takeLimits(deps, [handoffConfirmationLimit(scope.assistantId)]);
    await queueHandoffConfirmation(
      deps.database.db,
      scope.institutionId,
      scope.assistantId,
      deps.clock.now(),
    );
    const locale = c.get('locale');
    return ok(c, {
      message: translate(locale, 'handoff_confirmation_sent'),
      code: 'handoff_confirmation_sent',
    });
  });

  route(app, endpoints.getKnowledgeBase, async (c, { scope }) => {
    const text = await settings.knowledgeBase(scope.institutionId, scope.assistantId);
    if (text === null) throw notFound();
    return ok(c, { text });
  });

  route(app, endpoints.putKnowledgeBase, async (c, { scope, body: { text } }) => {
    const saved = await settings.setKnowledgeBase(
      scope.institutionId,
      scope.assistantId,
      text,
      deps.clock.now(),
    );
    if (!saved) throw notFound();
    await embedLater(scope);
    return ok(c, { text });
  });

  route(app, endpoints.getFaqs, async (c, { scope }) =>
    ok(c, { faqs: await settings.faqs(scope.institutionId, scope.assistantId) }),
  );

  route(app, endpoints.putFaqs, async (c, { scope, body: { faqs } }) => {
    const saved = await settings.saveFaqs(scope.institutionId, scope.assistantId, faqs);
    await embedLater(scope);
    return ok(c, { faqs: saved });
  });
  return app;
}
