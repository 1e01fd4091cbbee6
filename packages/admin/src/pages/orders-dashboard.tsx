/** /sales-support/orders/:id/dashboard. */
import { RecordsDashboardPage } from '@conversa/ui/features/sales/records-dashboard';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <RecordsDashboardPage assistantId={assistantId} kind="order" onNavigate={onNavigate} />;
}
