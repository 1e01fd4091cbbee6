/**
 * /pre-sales/trainer/:id and /sales-support/trainer/:id: the trainer's overview, with the
 * assistant feature's profile and share cards and the deletion put in (features do not import one another).
 */
import { AssistantProfile } from '@conversa/ui/features/assistant/assistant-profile';
import { ShareAssistant } from '@conversa/ui/features/assistant/share-assistant';
import { DeleteAssistantSection } from '@conversa/ui/features/privacy/delete-assistant';
import { TrainerOverviewPage, trainerPaths } from '@conversa/ui/features/trainer/overview';
import { useTrainerRoute } from './trainer-route';

/** Route component. */
export function Component() {
  const { assistantId, onNavigate } = useTrainerRoute();
  return (
    <TrainerOverviewPage
      assistantId={assistantId}
      onNavigate={onNavigate}
      renderProfile={(assistant) => {
        const faqs = trainerPaths({ id: assistant.id, type: assistant.product.type }).faqs;
        return (
          <AssistantProfile
            assistantId={assistant.id}
            onEditQuestions={faqs ? () => onNavigate(faqs) : undefined}
          />
        );
      }}
      renderShare={(assistant) => (
        <>
          <ShareAssistant assistantId={assistant.id} />
          <DeleteAssistantSection
            assistant={{
              id: assistant.id,
              name: assistant.product.name,
              institutionId: assistant.institution_id,
            }}
            onDeleted={() => onNavigate('/')}
          />
        </>
      )}
    />
  );
}
