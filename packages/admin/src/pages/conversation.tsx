/** /pre-sales/dashboard/:id/conversation/:conversationId. */
import { ConversationPage } from '@conversa/ui/features/conversations/conversation-page';
import { useParams } from 'react-router';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  const { conversationId = '' } = useParams();
  return (
    <ConversationPage assistantId={assistantId} conversationId={conversationId} onNavigate={onNavigate} />
  );
}
