/**
 * Product queries; rows become `InstitutionProduct` here (snake_case, the product nested). The
 * queries are prepared once per database: these reads are on the benchmarked path (docs/architecture.md#budgets).
 */
import type { Handoff, InstitutionProductDetail, Snippet } from '@conversa/contract/assistant';
import type { InstitutionProduct, ProductType } from '@conversa/contract/product';
import type { MemberRole } from '@conversa/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { hotQuery } from '../db/hot-query';
import { institutionProducts, memberships } from '../db/schema';
import { logoUrl } from '../files/logo';

/** The columns of a product answer (the knowledge base is read on its own). */
export const productColumns = {
  id: institutionProducts.id,
  externalId: institutionProducts.externalId,
  institutionId: institutionProducts.institutionId,
  type: institutionProducts.type,
  name: institutionProducts.name,
  logo: institutionProducts.logo,
  suggestedQuestions: institutionProducts.suggestedQuestions,
  handoff: institutionProducts.handoff,
  publicLinkActive: institutionProducts.publicLinkActive,
  snippet: institutionProducts.snippet,
};

interface ProductRow {
  id: number;
  externalId: string;
  institutionId: number;
  type: string;
  name: string;
  logo: string | null;
}

/** A product row with its assistant settings. */
export interface ProductDetailRow extends ProductRow {
  suggestedQuestions: string[];
  handoff: Handoff | null;
  publicLinkActive: boolean;
  snippet: Snippet;
}

/** A row as the single-product answer: settings, public link and embed snippet. */
export function toDetail(row: ProductDetailRow, publicUrl: string): InstitutionProductDetail {
  const area = row.type === 'admission' ? 'admissions' : 'retail';
  return {
    ...toProduct(row, publicUrl),
    suggested_questions: row.suggestedQuestions,
    handoff: row.handoff,
    public_link_active: row.publicLinkActive,
    snippet: row.snippet,
    public_url: `${publicUrl}/${area}/${row.institutionId}`,
    embed_snippet: `<script src="${publicUrl}/embed.js" data-assistant="${row.externalId}" async></script>`,
  };
}

/** A row as a list item; the stored logo name becomes its absolute public URL. */
function toProduct(row: ProductRow, publicUrl: string): InstitutionProduct {
  return {
    id: row.id,
    external_id: row.externalId,
    institution_id: row.institutionId,
    product: { type: row.type as ProductType, name: row.name, logo: logoUrl(publicUrl, row.logo) },
  };
}

/** The product queries of one database. */
export function productsRepo(db: Db, publicUrl: string) {
  // The benchmarked read (GET institution/{id}/product): a server-side prepared statement.
  const listHot = hotQuery<{
    id: number;
    external_id: string;
    institution_id: number;
    type: string;
    name: string;
    logo: string | null;
  }>(
    db,
    'products_by_institution',
    'select id, external_id, institution_id, type, name, logo from institution_products where institution_id = $1 order by id',
  );

  const inInstitution = db
    .select(productColumns)
    .from(institutionProducts)
    .where(
      and(
        eq(institutionProducts.institutionId, sql.placeholder('institutionId')),
        eq(institutionProducts.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare('product_in_institution');

  const withRole = db
    .select({ ...productColumns, role: memberships.role })
    .from(institutionProducts)
    .leftJoin(
      memberships,
      and(
        eq(memberships.institutionId, institutionProducts.institutionId),
        eq(memberships.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(institutionProducts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('product_with_role');

  return {
    /** The products of an institution, by id. */
    async list(institutionId: number): Promise<InstitutionProduct[]> {
      const rows = await listHot([institutionId]);
      return rows.map((row) =>
        toProduct(
          {
            id: row.id,
            externalId: row.external_id,
            institutionId: row.institution_id,
            type: row.type,
            name: row.name,
            logo: row.logo,
          },
          publicUrl,
        ),
      );
    },

    /** One product of an institution; null when it is not there (or belongs to another). */
    async find(institutionId: number, id: number): Promise<InstitutionProductDetail | null> {
      const [row] = await inInstitution.execute({ institutionId, id });
      return row ? toDetail(row, publicUrl) : null;
    },

    /** One product with the user's membership role in its institution (null role: not a member). */
    async findWithRole(
      id: number,
      userId: number,
    ): Promise<{ product: InstitutionProductDetail; role: MemberRole | null } | null> {
      const [row] = await withRole.execute({ id, userId });
      return row
        ? { product: toDetail(row, publicUrl), role: (row.role as MemberRole | null) ?? null }
        : null;
    },
  };
}
