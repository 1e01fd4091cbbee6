/** /pre-sales/trainer/faqs/:id; `?question=` (from the dashboard's 'Add as FAQ') starts a new FAQ with it. */
import { FaqsPage } from '@conversa/ui/features/trainer/faqs';
import { useSearchParams } from 'react-router';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  const [search] = useSearchParams();
  return (
    <FaqsPage
      assistantId={assistantId}
      onNavigate={onNavigate}
      newQuestion={search.get('question') ?? undefined}
    />
  );
}
