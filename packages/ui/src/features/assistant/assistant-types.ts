/** How the console names each assistant type, and which types an institution may set up (by kind). */
import type { InstitutionKind } from '@conversa/contract/institution';
import { ASSISTANT_TYPES_BY_KIND, type AssistantType } from '@conversa/contract/assistant-type';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The type's name and what it does, for the setup's choice and the profile. */
export const assistantTypeTexts: Record<
  AssistantType,
  { name: MessageDescriptor; description: MessageDescriptor }
> = {
  admission: {
    name: msg`Admissions assistant`,
    description: msg`Answers families' questions about admissions, fees and visits, day and night.`,
  },
  retail: {
    name: msg`Pre-sales assistant`,
    description: msg`Answers customers' questions about your products before they buy.`,
  },
  sales_support: {
    name: msg`Sales support assistant`,
    description: msg`Helps your sales team enter leads and orders from WhatsApp.`,
  },
};

/** The types an institution of this kind may create: school → admission; business → retail, sales support. */
export function typesFor(kind: InstitutionKind): readonly AssistantType[] {
  return ASSISTANT_TYPES_BY_KIND[kind];
}
