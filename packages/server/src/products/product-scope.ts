/**
 * The product of a `/institution-product/{id}/…` request, read for the caller: with
 * `X-Institution-Id` it must be that institution's (else 404); without, the product names its
 * institution and the caller's role there decides. Other tenants' products are 404s, never data.
 */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import type { Permission } from '@conversa/contract/roles';
import type { Context } from 'hono';
import { authorize } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readId } from '../http/validate';
import { productsRepo } from './products.repo';
import { actingIn } from './products.service';

/** Builds the scope check of one app (its prepared product queries). */
export function productScope(deps: AppDeps) {
  const products = productsRepo(deps.database.db, deps.config.publicUrl);
  return async function scoped(
    c: Context<AppEnv>,
    permission: Permission,
  ): Promise<InstitutionProductDetail> {
    const auth = c.get('auth');
    if (auth.institutionId !== null) {
      const institutionId = authorize(c, permission);
      const product = await products.find(institutionId, readId(c));
      if (!product) throw notFound();
      return product;
    }
    const found = await products.findWithRole(readId(c), auth.userId);
    if (!found) throw notFound();
    c.set('auth', actingIn(auth, found.product.institution_id, found.role));
    authorize(c, permission);
    return found.product;
  };
}
