/**
 * Assistant settings: `POST institution-product`, `PUT institution-product/{id}`, and the product's
 * knowledge base and FAQs. Without `X-Institution-Id` the product names its institution.
 */
import {
  CreateProductBodySchema,
  FaqsSchema,
  KnowledgeBaseSchema,
  UpdateProductBodySchema,
} from '@conversa/contract/assistant';
import { MAX_ASSISTANTS_PER_INSTITUTION } from '@conversa/contract/constants';
import { Hono } from 'hono';
import { authorize, requireStaff } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound, quotaExceeded } from '../http/errors';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { translate } from '../i18n/translate';
import { assistantSettingsRepo } from './assistant-settings.repo';
import { changesOf, permissionsFor, typeAllowed } from './assistant-settings.service';
import { productScope } from './product-scope';

/** The assistant settings routes. */
export function assistantSettingsRoutes(deps: AppDeps) {
  const settings = assistantSettingsRepo(deps.database.db, deps.config.publicUrl);
  const staff = requireStaff(deps, { institution: 'header' });

  /** The path's product, read with `permission`; other tenants and unknown ids are 404. */
  const scoped = productScope(deps);

  return new Hono<AppEnv>()
    .post('/institution-product', staff, async (c) => {
      const institutionId = authorize(c, 'product.manage');
      const input = await readJson(c, CreateProductBodySchema);
      const kind = await settings.institutionKind(institutionId);
      if (!kind) throw notFound();
      if (!typeAllowed(kind, input.type)) {
        const locale = c.get('locale');
        throw new ApiError(400, 'validation_failed', {
          issues: [{ path: 'type', code: 'invalid_value', message: translate(locale, 'invalid_value') }],
        });
      }
      const quota = c.get('auth').isAdmin ? null : MAX_ASSISTANTS_PER_INSTITUTION;
      const created = await settings.create(institutionId, input, deps.clock.now(), quota);
      if (!created) throw quotaExceeded('assistant_quota', MAX_ASSISTANTS_PER_INSTITUTION);
      return ok(c, created, 201);
    })
    .put('/institution-product/:id', staff, async (c) => {
      const current = await scoped(c, 'product.read');
      const body = await readJson(c, UpdateProductBodySchema);
      for (const permission of permissionsFor(body)) authorize(c, permission);
      const updated = await settings.update(
        current.institution_id,
        current.id,
        changesOf(body, current),
        deps.clock.now(),
      );
      if (!updated) throw notFound();
      return ok(c, updated);
    })
    .get('/institution-product/:id/knowledge-base', staff, async (c) => {
      const product = await scoped(c, 'product.read');
      const text = await settings.knowledgeBase(product.institution_id, product.id);
      if (text === null) throw notFound();
      return ok(c, { text });
    })
    .put('/institution-product/:id/knowledge-base', staff, async (c) => {
      const product = await scoped(c, 'trainer.manage');
      const { text } = await readJson(c, KnowledgeBaseSchema);
      const saved = await settings.setKnowledgeBase(
        product.institution_id,
        product.id,
        text,
        deps.clock.now(),
      );
      if (!saved) throw notFound();
      return ok(c, { text });
    })
    .get('/institution-product/:id/faq', staff, async (c) => {
      const product = await scoped(c, 'product.read');
      return ok(c, { faqs: await settings.faqs(product.institution_id, product.id) });
    })
    .put('/institution-product/:id/faq', staff, async (c) => {
      const product = await scoped(c, 'trainer.manage');
      const { faqs } = await readJson(c, FaqsSchema);
      await settings.replaceFaqs(product.institution_id, product.id, faqs);
      return ok(c, { faqs });
    });
}
