/** Assistant settings rules: which types a kind may create, who may change what, how changes merge. */
import type { InstitutionProductDetail, UpdateProductBody } from '@conversa/contract/assistant';
import type { InstitutionKind } from '@conversa/contract/institution';
import { PRODUCT_TYPES_BY_KIND, type ProductType } from '@conversa/contract/product';
import { can, type Permission, type Role } from '@conversa/contract/roles';
import { forbidden } from '../http/errors';
import type { ProductChanges } from './assistant-settings.repo';

/** True when an institution of this kind may have a product of this type. */
export function typeAllowed(kind: InstitutionKind, type: ProductType): boolean {
  return PRODUCT_TYPES_BY_KIND[kind].includes(type);
}

/** The permissions an update needs: the name is the product's, the rest the trainer's. */
export function permissionsFor(body: UpdateProductBody): Permission[] {
  const { name, ...settings } = body;
  const needed: Permission[] = [];
  if (name !== undefined) needed.push('product.manage');
  if (Object.values(settings).some((value) => value !== undefined) || name === undefined) {
    needed.push('trainer.manage');
  }
  return needed;
}

/** Refuses (403) an update of fields the caller's roles may not change. */
export function assertMayUpdate(roles: readonly Role[], body: UpdateProductBody): void {
  if (!permissionsFor(body).every((permission) => can(roles, permission))) throw forbidden();
}

/** The columns an update sets; the snippet's fields merge into the current snippet. */
export function changesOf(body: UpdateProductBody, current: InstitutionProductDetail): ProductChanges {
  const changes: ProductChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.suggested_questions !== undefined) changes.suggestedQuestions = body.suggested_questions;
  if (body.handoff !== undefined) changes.handoff = body.handoff;
  if (body.public_link_active !== undefined) changes.publicLinkActive = body.public_link_active;
  if (body.snippet !== undefined) {
    const patch = Object.fromEntries(Object.entries(body.snippet).filter(([, value]) => value !== undefined));
    changes.snippet = { ...current.snippet, ...patch };
  }
  return changes;
}
