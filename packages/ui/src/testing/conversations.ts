/** Conversations for the feature tests: visitors chat with an owner's assistant through the real API. */
import type { ChatEvent } from '@conversa/contract/chat';
import { updateAssistant } from '@conversa/data/assistants/update-assistant';
import { askAssistant } from '@conversa/data/chat/ask-assistant';
import { storedGuest } from '@conversa/data/chat/guest-conversation';
import { leaveContact } from '@conversa/data/conversations/leave-contact';
import { updateFaqs } from '@conversa/data/knowledge/update-faqs';
import type { ConnectedApi, SignedInOwner } from './connected';

/** The questions the visitors ask: one answered from an FAQ, one the assistant cannot answer. */
export const ANSWERED = 'When does the school year start?';
export const UNANSWERED = 'Do you have a robotics club?';

/**
 * An FAQ and a handoff contact for the owner's assistant, then two visitors: one asks `ANSWERED`,
 * the other asks `UNANSWERED` and leaves a contact (Lucía, a Spanish phone).
 */
export async function seedConversations(api: ConnectedApi, owner: SignedInOwner) {
  const assistantId = owner.assistant.id;
  await updateFaqs(owner.client, assistantId, { faqs: [{ question: ANSWERED, answer: 'On September 8.' }] });
  const detail = await updateAssistant(owner.client, assistantId, {
    handoff: { name: 'Ana', email: 'ana@colegio.example', phone: null, hours: null, message: null },
  });
  const ask = async (question: string) => {
    const client = api.client();
    const events: ChatEvent[] = [];
    await askAssistant(client, detail.external_id, question, (event) => events.push(event));
    return { client, id: storedGuest(client)!.conversationId };
  };
  const answered = await ask(ANSWERED);
  const unanswered = await ask(UNANSWERED);
  await leaveContact(unanswered.client, unanswered.id, {
    name: 'Lucía',
    email: null,
    phone: '+34 612 345 678',
    message: 'Call me in the morning.',
    consent: true,
  });
  return {
    answered: answered.id,
    unanswered: unanswered.id,
    /** The visitors' own clients (their guest sessions). */
    visitors: { answered: answered.client, unanswered: unanswered.client },
  };
}
