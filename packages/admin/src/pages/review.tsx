/** /pre-sales/review/:id: the answers to review (issue 35). */
import { ReviewPage } from '@conversa/ui/features/review/review-page';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <ReviewPage assistantId={assistantId} onNavigate={onNavigate} />;
}
