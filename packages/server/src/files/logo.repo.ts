/** Sets a product's logo; the caller removes the replaced file from storage. */
import type { InstitutionProductDetail } from '@conversa/contract/assistant';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { institutionProducts } from '../db/schema';
import { productColumns, toDetail } from '../products/products.repo';

/** The logo writes of one database. */
export function logoRepo(db: Db, publicUrl: string) {
  return {
    /** Points the product at a new logo; null when the product is not there. */
    async setLogo(
      institutionId: number,
      id: number,
      logo: string,
      now: Date,
    ): Promise<{ product: InstitutionProductDetail; replaced: string | null } | null> {
      const where = and(eq(institutionProducts.institutionId, institutionId), eq(institutionProducts.id, id));
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ logo: institutionProducts.logo })
          .from(institutionProducts)
          .where(where)
          .for('update');
        if (!current) return null;
        const [row] = await tx
          .update(institutionProducts)
          .set({ logo, updatedAt: now })
          .where(where)
          .returning(productColumns);
        return { product: toDetail(row!, publicUrl), replaced: current.logo };
      });
    },
  };
}
