/**
 * Trainer › Fields (`/sales-support/trainer/fields/{id}`): what a sales-support assistant asks
 * sellers for in a lead and in an order, besides the built-in fields.
 */
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../components/empty-state/empty-state';
import { RecordFields } from './record-fields';
import { TrainerLayout } from './trainer-layout';

export interface FieldsPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
}

/** The lead and order fields of one assistant; members without `trainer.manage` only read them. */
export function FieldsPage({ assistantId, onNavigate }: FieldsPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const editable = can(session.roles, 'trainer.manage');
  return (
    <TrainerLayout assistantId={assistantId} tab="fields" onNavigate={onNavigate}>
      {(assistant) =>
        assistant.product.type === 'sales_support' ? (
          <>
            <RecordFields assistantId={assistantId} kind="lead" editable={editable} />
            <RecordFields assistantId={assistantId} kind="order" editable={editable} />
          </>
        ) : (
          // Only sales support takes leads and orders; another assistant's address has no such tab.
          <EmptyState title={t`Not found`}>
            {t`This sales-support assistant does not exist or belongs to another institution.`}
          </EmptyState>
        )
      }
    </TrainerLayout>
  );
}
