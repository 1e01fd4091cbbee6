/**
 * Trainer › Knowledge Base (`/pre-sales/trainer/knowledge-base/{id}`, `/sales-support/knowledge-base/{id}`):
 * the knowledge-base text, below it the files (the Files tab points at that section) and the websites, and "Try it"
 * to ask as a visitor would and see why each answer is what it is.
 */
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { FilesSection } from './files-section';
import { KnowledgeBaseText } from './knowledge-base-text';
import { TrainerLayout } from './trainer-layout';
import { TryIt } from './try-it';
import { WebsiteSection } from './website-section';

export { FILES_ANCHOR } from './trainer-tabs';

export interface KnowledgeBasePageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
  /** The Files tab was chosen: the files section is brought into view. */
  showFiles?: boolean;
}

/** Text, files and websites of one assistant; members without `trainer.manage` only read them. */
export function KnowledgeBasePage({ assistantId, onNavigate, showFiles = false }: KnowledgeBasePageProps) {
  const session = useSession();
  const editable = can(session.roles, 'trainer.manage');
  return (
    <TrainerLayout
      assistantId={assistantId}
      tab={showFiles ? 'files' : 'knowledge-base'}
      onNavigate={onNavigate}
    >
      {() => (
        <>
          <KnowledgeBaseText assistantId={assistantId} editable={editable} />
          <FilesSection assistantId={assistantId} editable={editable} focus={showFiles} />
          <WebsiteSection assistantId={assistantId} editable={editable} />
          {editable ? <TryIt assistantId={assistantId} /> : null}
        </>
      )}
    </TrainerLayout>
  );
}
