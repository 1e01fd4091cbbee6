/** /sales-support/orders/:id. */
import { RecordsPage } from '@conversa/ui/features/sales/records-page';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <RecordsPage assistantId={assistantId} kind="order" onNavigate={onNavigate} />;
}
