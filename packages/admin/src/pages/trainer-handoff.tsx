/** /pre-sales/trainer/handoff/:id. */
import { HandoffPage } from '@conversa/ui/features/trainer/handoff';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <HandoffPage assistantId={assistantId} onNavigate={onNavigate} />;
}
