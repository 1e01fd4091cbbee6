/** The assistant forms' valibot schemas, from the contract's request bodies. */
import { CreateAssistantBodySchema, HandoffBodySchema } from '@conversa/contract/assistant';
import * as v from 'valibot';

/** An assistant's name. */
export const AssistantNameFormSchema = v.object({ name: CreateAssistantBodySchema.entries.name });

/** The handoff form: every field optional; an e-mail, when given, must be one. */
export const HandoffFormSchema = v.object({
  handoff: v.looseObject({ email: HandoffBodySchema.entries.email }),
});
