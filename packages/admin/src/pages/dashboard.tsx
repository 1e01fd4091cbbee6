/** /pre-sales/dashboard/:id. */
import { DashboardPage } from '@conversa/ui/features/conversations/dashboard';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <DashboardPage assistantId={assistantId} onNavigate={onNavigate} />;
}
