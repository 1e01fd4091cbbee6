/** Cache keys of the public chat (the widget and the public pages), shared by its reads, from their routes. */
import * as routes from '@conversa/contract/routes/chat';
import { routeKey } from '../keys';

/** Cache key of an assistant as the widget knows it, by its embed snippet id. */
export const publicAssistantKey = (externalId: string) =>
  routeKey(routes.widgetAssistant, { id: externalId });

/** Cache key of the guest's conversation (its transcript). */
export const guestConversationKey = (id: string) => routeKey(routes.getConversation, { id });
