/** /sales-support/order/:id/details/:orderId. */
import { RecordCard } from '@conversa/ui/features/sales/record-card';
import { useParams } from 'react-router';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  const { orderId = '' } = useParams();
  const id = /^\d+$/.test(orderId) ? Number(orderId) : Number.NaN;
  return <RecordCard assistantId={assistantId} kind="order" recordId={id} onNavigate={onNavigate} />;
}
