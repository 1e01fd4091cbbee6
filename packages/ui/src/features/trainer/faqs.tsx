/**
 * Trainer › FAQs (`/pre-sales/trainer/faqs/{id}`): the up-to-three suggested questions visitors
 * see first, and the FAQ list the assistant answers from.
 */
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { FaqList } from './faq-list';
import { SuggestedQuestions } from './suggested-questions';
import { TrainerLayout } from './trainer-layout';

export interface FaqsPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
  /** A question to start a new FAQ with (the dashboard's 'Add as FAQ'); its answer takes the focus. */
  newQuestion?: string;
}

/** Suggested questions and FAQs of one assistant; members without `trainer.manage` only read them. */
export function FaqsPage({ assistantId, onNavigate, newQuestion }: FaqsPageProps) {
  const session = useSession();
  const editable = can(session.roles, 'trainer.manage');
  return (
    <TrainerLayout assistantId={assistantId} tab="faqs" onNavigate={onNavigate}>
      {(assistant) => (
        <>
          <SuggestedQuestions key={assistant.id} assistant={assistant} editable={editable} />
          <FaqList assistantId={assistantId} editable={editable} newQuestion={newQuestion} />
        </>
      )}
    </TrainerLayout>
  );
}
