/** /pre-sales/trainer/faqs/:id. */
import { FaqsPage } from '@conversa/ui/features/trainer/faqs';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <FaqsPage assistantId={assistantId} onNavigate={onNavigate} />;
}
