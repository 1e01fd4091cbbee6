/**
 * The event bus's topics that more than one feature speaks on, named once: who publishes and who
 * listens agree on the name here.
 */

/** One conversation's live events (the visitor's stream: a person's replies, status, typing). */
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;

/** An assistant's live conversations (the staff's stream: a visitor's message, a change of status). */
export const liveTopic = (assistantId: number) => `live:${assistantId}`;

/** An institution's live conversations, every assistant's (the console's badge and notifications). */
export const institutionLiveTopic = (institutionId: number) => `live-institution:${institutionId}`;

/** An assistant's websites and their pages (the console's knowledge base follows their crawl). */
export const websiteTopic = (assistantId: number) => `website:${assistantId}`;

/** The pages of an assistant's websites, as each changes state. */
export const websitePageTopic = (assistantId: number) => `website-page:${assistantId}`;
