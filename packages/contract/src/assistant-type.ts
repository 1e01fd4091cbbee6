/** Assistant types (the spec's "product type"): what each institution kind may create and starts with. */
import * as v from 'valibot';
import type { InstitutionKind } from './institution';

export const ASSISTANT_TYPES = ['admission', 'retail', 'sales_support'] as const;
export const AssistantTypeSchema = v.picklist(ASSISTANT_TYPES);
export type AssistantType = (typeof ASSISTANT_TYPES)[number];

/** The type of the assistant an institution gets when it is created (by kind). */
export const FIRST_ASSISTANT_TYPE: Record<InstitutionKind, AssistantType> = {
  school: 'admission',
  business: 'retail',
};
/** Types an institution of each kind may create. */
export const ASSISTANT_TYPES_BY_KIND: Record<InstitutionKind, readonly AssistantType[]> = {
  school: ['admission'],
  business: ['retail', 'sales_support'],
};
