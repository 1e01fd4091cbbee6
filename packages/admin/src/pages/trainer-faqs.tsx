/**
 * /pre-sales/trainer/faqs/:id; `?question=` (from the dashboard's 'Add as FAQ') starts a new FAQ
 * with it, and leaves the address at once: a reload or a later visit does not add it again.
 */
import { FaqsPage } from '@conversa/ui/features/trainer/faqs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  const [search, setSearch] = useSearchParams();
  const [newQuestion] = useState(() => search.get('question') ?? undefined);
  useEffect(() => {
    if (!search.has('question')) return;
    setSearch(
      (current) => {
        current.delete('question');
        return current;
      },
      { replace: true },
    );
  }, [search, setSearch]);
  return <FaqsPage assistantId={assistantId} onNavigate={onNavigate} newQuestion={newQuestion} />;
}
