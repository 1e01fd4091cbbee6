/** /pre-sales/trainer/knowledge-base/:id and /sales-support/knowledge-base/:id (`#files`: the Files tab). */
import { FILES_ANCHOR, KnowledgeBasePage } from '@conversa/ui/features/trainer/knowledge-base';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate, hash } = useTrainerRoute();
  return (
    <KnowledgeBasePage
      assistantId={assistantId}
      onNavigate={onNavigate}
      showFiles={hash === `#${FILES_ANCHOR}`}
    />
  );
}
