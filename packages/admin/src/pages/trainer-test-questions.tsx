/** /pre-sales/trainer/test-questions/:id (issue 35). */
import { TestQuestionsPage } from '@conversa/ui/features/trainer/test-questions';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <TestQuestionsPage assistantId={assistantId} onNavigate={onNavigate} />;
}
