/** `POST public/conversation/{id}/contact`: a chat visitor leaves their details for a person to follow up. */
import type { Contact, ContactBodyInput } from '@conversa/contract/conversation';
import * as routes from '@conversa/contract/routes/conversations';
import type { DataClient } from '../client';

/** Sends the contact with the conversation's guest token; answers it as stored (the phone in E.164). */
export function leaveContact(client: DataClient, conversationId: string, body: ContactBodyInput): Promise<Contact> {
  return client.endpoint(routes.postContact, { params: { id: conversationId }, json: body });
}
