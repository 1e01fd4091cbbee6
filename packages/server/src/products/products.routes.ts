/**
 * Products: `GET institution/{id}/product` and `GET institution-product/{id}`. Both are one query
 * after the auth query (they are benchmarked, DESIGN §9).
 */
import { Hono } from 'hono';
import { authorize, headerInstitution, requireStaff } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { ok } from '../http/respond';
import { readId } from '../http/validate';
import { productsRepo } from './products.repo';
import { actingIn } from './products.service';

/** The product routes. */
export function productsRoutes(deps: AppDeps) {
  const products = productsRepo(deps.database.db, deps.config.publicUrl);

  return new Hono<AppEnv>()
    .get('/institution/:id/product', requireStaff(deps, { institution: { param: 'id' } }), async (c) => {
      headerInstitution(c);
      const institutionId = authorize(c, 'product.read');
      return ok(c, await products.list(institutionId));
    })
    .get('/institution-product/:id', requireStaff(deps, { institution: 'header' }), async (c) => {
      const auth = c.get('auth');
      if (auth.institutionId !== null) {
        const institutionId = authorize(c, 'product.read');
        const product = await products.find(institutionId, readId(c));
        if (!product) throw notFound();
        return ok(c, product);
      }
      // No header: the product names its institution, and the caller must be allowed there.
      const found = await products.findWithRole(readId(c), auth.userId);
      if (!found) throw notFound();
      c.set('auth', actingIn(auth, found.product.institution_id, found.role));
      authorize(c, 'product.read');
      return ok(c, found.product);
    });
}
