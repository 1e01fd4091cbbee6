/** /pre-sales/trainer/handoff/:id. */
import { HandoffPage } from '@conversa/ui/features/trainer/handoff';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { productId, onNavigate } = useTrainerRoute();
  return <HandoffPage productId={productId} onNavigate={onNavigate} />;
}
