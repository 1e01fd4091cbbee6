/** /sales-support/trainer/fields/:id */
import { FieldsPage } from '@conversa/ui/features/trainer/fields';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return <FieldsPage assistantId={assistantId} onNavigate={onNavigate} />;
}
