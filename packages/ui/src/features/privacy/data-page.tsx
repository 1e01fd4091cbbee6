/**
 * Data (`/data`, in the account menu for team managers; issue 36): how long each kind of data is
 * kept and when the job next runs, one person's data (find, download, erase), and, for main
 * members, deleting the institution.
 */
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Intro, PageTitle, WidePage } from '../../forms/form-layout';
import { DeleteInstitutionSection } from './delete-institution';
import { PersonSection } from './person-section';
import { RetentionSection } from './retention-section';

export interface DataPageProps {
  /** Follows a link inside the console. */
  onNavigate: (path: string) => void;
}

export function DataPage({ onNavigate }: DataPageProps) {
  const { t } = useLingui();
  const session = useSession();
  const institutionId = session.institutionId;
  return (
    <WidePage aria-labelledby="data-title">
      <PageTitle id="data-title">{t`Data`}</PageTitle>
      <Intro>{t`What your institution keeps, for how long, and one person's data.`}</Intro>
      {institutionId ? (
        <>
          <RetentionSection institutionId={institutionId} />
          {can(session.roles, 'team.manage') ? (
            <PersonSection institutionId={institutionId} onNavigate={onNavigate} />
          ) : null}
          {can(session.roles, 'institution.delete') ? (
            <DeleteInstitutionSection institutionId={institutionId} onDeleted={() => onNavigate('/')} />
          ) : null}
        </>
      ) : (
        <EmptyState title={t`Choose an institution first.`} />
      )}
    </WidePage>
  );
}
