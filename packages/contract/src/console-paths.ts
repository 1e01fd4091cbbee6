/** Console paths the server also links to (in mails); the console's whole table is ui's `consolePaths`. */

/** A conversation's transcript on its assistant's dashboard. */
export const conversationPath = (assistantId: number | string, conversationId: string) =>
  `/pre-sales/dashboard/${assistantId}/conversation/${conversationId}`;
