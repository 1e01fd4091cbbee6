/** /sales-support/allowed-numbers/:id. */
import { AllowedNumbersPage } from '@conversa/ui/features/sales/allowed-numbers';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId } = useTrainerRoute();
  return <AllowedNumbersPage assistantId={assistantId} />;
}
