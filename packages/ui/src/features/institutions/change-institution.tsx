/**
 * Change institution (docs/product.md#screens-and-routes /change-institution, admins only): a name search debounced 500 ms and
 * a table of id, name and country. Choosing a row (click or Enter) makes it the session's
 * institution; the app then goes to its root.
 */
import type { InstitutionListItem } from '@conversa/contract/institution';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@conversa/contract/constants';
import { can } from '@conversa/contract/roles';
import { useInstitutions } from '@conversa/data/institutions/list-institutions';
import { selectInstitution } from '@conversa/data/institutions/select-institution';
import { useDataClient, useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state/empty-state';
import type { PageState } from '../../components/table/pagination';
import { Table, type TableColumn } from '../../components/table/table';
import { TextField } from '../../components/text-field/text-field';
import { Intro, Page, PageTitle } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { useDebounced } from '../../forms/use-debounced';

export interface ChangeInstitutionPageProps {
  /** The session now acts in the chosen institution. */
  onSelected(): void;
}

/** Admins see the list; anyone else is told it is not for them (the server refuses the list too). */
export function ChangeInstitutionPage({ onSelected }: ChangeInstitutionPageProps) {
  const { t } = useLingui();
  const { roles } = useSession();
  return (
    <Page aria-labelledby="change-institution-title">
      <PageTitle id="change-institution-title">{t`Change institution`}</PageTitle>
      {can(roles, 'institution.switch') ? (
        <InstitutionPicker onSelected={onSelected} />
      ) : (
        <EmptyState title={t`Only administrators can change the institution.`} />
      )}
    </Page>
  );
}

function InstitutionPicker({ onSelected }: ChangeInstitutionPageProps) {
  const { t } = useLingui();
  const client = useDataClient();
  const { institutionId } = useSession();
  const failureText = useFailureText();
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState<PageState & { name: string }>({
    name: '',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  // A new search starts again at page 1.
  const page = paging.name === name ? paging.page : 1;
  const list = useInstitutions({ name, page, perPage: paging.pageSize });

  const choose = (row: InstitutionListItem) => {
    selectInstitution(client, row.id);
    onSelected();
  };

  const columns: TableColumn<InstitutionListItem>[] = [
    { key: 'id', header: t`Id`, cell: (row) => row.id, width: '6rem' },
    {
      key: 'name',
      header: t`Name`,
      cell: (row) => (row.id === institutionId ? t`${row.name} (current)` : row.name),
    },
    { key: 'country', header: t`Country`, cell: (row) => row.country_data?.name ?? '—' },
  ];

  return (
    <>
      <Intro>{t`Choose the institution to work in. Click a row or press Enter on it.`}</Intro>
      <TextField label={t`Search by name`} type="search" name="name" value={search} onChange={setSearch} />
      <Table
        caption={t`Institutions`}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(row) => row.id}
        waiting={list.isLoading}
        error={list.error && !list.data ? failureText(list.error) : undefined}
        onRowClick={choose}
        pagination={{
          page,
          pageSize: paging.pageSize,
          totalCount: list.data?.totalCount ?? 0,
          onChange: (next) => setPaging({ ...next, name }),
        }}
      />
    </>
  );
}
