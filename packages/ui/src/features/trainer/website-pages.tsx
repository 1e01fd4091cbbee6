/**
 * The pages of one website: each with its title and address, its state and (when it was not read)
 * why, the passages learnt from it, and when it was read and last changed. A page of the list,
 * kept live by the assistant's events.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { Website, WebsitePage } from '@conversa/contract/website';
import { useWebsitePages } from '@conversa/data/websites/list-website-pages';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { usePaging } from '../../components/selectable-table/use-paging';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import type { TableColumn } from '../../components/table/table';
import { useListState } from '../../forms/use-list-state';
import { Muted } from '../../primitives/muted';
import { Address, StateBadge, StateCell } from './website-badge';
import { pageStateLabels, websiteReasonTexts } from './website-texts';

/** The page list of `site`; `key` it by the site so a new site starts at page 1. */
export function WebsitePages({ assistantId, site }: { assistantId: number; site: Website }) {
  const { t, i18n } = useLingui();
  const paging = usePaging();
  const list = useWebsitePages(assistantId, site.id, { page: paging.page, perPage: paging.perPage });
  const listState = useListState(list);
  const rows = list.data?.items ?? [];
  const columns: TableColumn<WebsitePage>[] = [
    {
      key: 'page',
      header: t`Page`,
      cell: (page) => (
        <StateCell>
          <Address href={page.url} target="_blank" rel="noreferrer">
            {page.title ?? page.url}
          </Address>
          {page.title ? <Muted>{page.url}</Muted> : null}
        </StateCell>
      ),
    },
    {
      key: 'state',
      header: t`State`,
      cell: (page) => (
        <StateCell>
          <StateBadge $state={page.state}>{i18n._(pageStateLabels[page.state])}</StateBadge>
          {page.reason ? <span>{i18n._(websiteReasonTexts[page.reason])}</span> : null}
          {page.state === 'failed' && page.passages > 0 ? (
            <Muted>{t`The assistant keeps what it learnt from it before.`}</Muted>
          ) : null}
        </StateCell>
      ),
    },
    { key: 'passages', header: t`Passages`, align: 'end', cell: (page) => i18n.number(page.passages) },
    {
      key: 'fetched',
      header: t`Last read`,
      cell: (page) => (page.fetched_at ? formatDateTime(page.fetched_at) : t`Not yet`),
    },
    {
      key: 'changed',
      header: t`Last changed`,
      cell: (page) => (page.changed_at ? formatDateTime(page.changed_at) : '—'),
    },
  ];
  return (
    <SelectableTable
      caption={t`Pages of ${site.url}`}
      columns={columns}
      rows={rows}
      {...listState}
      pagination={paging.pagination(list.data?.totalCount ?? 0)}
      summary={t({ message: plural(list.data?.totalCount ?? 0, { one: '# page', other: '# pages' }) })}
    />
  );
}
