/**
 * Assistants as the frontends list them: camelCased, with the type, name and logo lifted out of the
 * wire's nested `product` (docs/product.md#calls).
 */
import type { AssistantListItem } from '@conversa/contract/assistant';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { toCamelCase } from '../case';

/** One assistant of an institution, as lists show it. */
export interface AssistantSummary {
  id: number;
  externalId: string;
  institutionId: number;
  type: AssistantType;
  name: string;
  logo: string | null;
}

/** `{id, external_id, institution_id, product: {type, name, logo}}` → `{id, externalId, institutionId, type, name, logo}`. */
export function liftAssistant(wire: AssistantListItem): AssistantSummary {
  // Only the list's fields: the single answer also carries assistant settings, not lifted here.
  const { id, external_id, institution_id, product } = wire;
  return {
    ...toCamelCase({ id, external_id, institution_id }),
    type: product.type,
    name: product.name,
    logo: product.logo,
  };
}
