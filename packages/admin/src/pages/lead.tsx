/** /sales-support/lead/:id/card/:leadId. */
import { RecordCard } from '@conversa/ui/features/sales/record-card';
import { useParams } from 'react-router';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  const { leadId = '' } = useParams();
  const id = /^\d+$/.test(leadId) ? Number(leadId) : Number.NaN;
  return <RecordCard assistantId={assistantId} kind="lead" recordId={id} onNavigate={onNavigate} />;
}
