/** Cache keys of the public chat (the widget and the public pages), shared by its reads. */

/** Cache key of an assistant as the widget knows it, by its embed snippet id. */
export const publicAssistantKey = (externalId: string) => ['public/assistant', externalId] as const;

/** Cache key of the guest's conversation (its transcript). */
export const guestConversationKey = (id: string) => ['public/conversation', id] as const;
