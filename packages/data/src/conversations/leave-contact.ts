/** `POST public/conversation/{id}/contact`: a chat visitor leaves their details for a person to follow up. */
import type { Contact, ContactBodyInput } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';

/** Sends the contact with the conversation's guest token; answers it as stored (the phone in E.164). */
export function leaveContact(
  client: DataClient,
  conversationId: string,
  body: ContactBodyInput,
): Promise<Contact> {
  // The form sends an unticked consent too, for the server's translated refusal: the schema's input
  // takes `consent: true` only, so this one body is wider than the entry's on purpose.
  return client.endpoint(routes.postContact, {
    params: { id: conversationId },
    json: body as ContactBodyInput & { consent: true },
  });
}
