/** What other features use of `chat/` (docs/architecture.md: features reach each other through their folder's index). */
export { answerOnce, askInConversation } from './ask';
export { cleanOrigins, toChatMessage, toWidgetAssistant } from './chat.service';
export {
  agentName,
  type AssistantRow,
  PREVIEW_CHANNEL,
  visitorConversationsRepo,
} from './visitor-conversations.repo';
export { type LiveRef, toStaff, toVisitor } from './live-events';
// The root floor: routes.
export { chatRoutes } from './chat.routes';
