/** The files as a table: name, type, size, date and state; with a selection, a checkbox and a delete button per row. */
import { formatDateTime } from '@conversa/contract/date-format';
import type { AssistantFile, FileState } from '@conversa/contract/knowledge';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import type { TableColumn } from '../../components/table/table';
import type { RowSelection } from '../../components/table/use-row-selection';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Muted } from '../../primitives/muted';
import { StateCell, stateBadge, type StateTone } from '../../primitives/state-badge';
import { fileFailureTexts, fileSize, fileStateLabels, fileStateTexts } from './file-texts';

const Name = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Badge = stateBadge({
  processing: 'textMuted',
  ready: 'success',
  failed: 'danger',
} satisfies Record<FileState, StateTone>);

/** Which rows are ticked, and what a row's delete button does. */
export interface FilesSelection {
  state: RowSelection<number>;
  onDelete: (file: AssistantFile) => void;
}

/**
 * Name, type, size, date and state of each file; with `selection`, a checkbox and a delete button
 * per row, and the `summary` and bulk `actions` above.
 */
export function FilesTable({
  files,
  waiting = false,
  selection,
  summary,
  actions,
}: {
  files: AssistantFile[];
  waiting?: boolean;
  selection?: FilesSelection;
  summary?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const columns: TableColumn<AssistantFile>[] = [
    { key: 'name', header: t`Name`, cell: (file) => <Name>{file.name}</Name> },
    { key: 'type', header: t`Type`, cell: (file) => file.type.toUpperCase() },
    { key: 'size', header: t`Size`, cell: (file) => fileSize(file.size, i18n), align: 'end' },
    { key: 'date', header: t`Date`, cell: (file) => formatDateTime(file.created_at) },
    {
      key: 'state',
      header: t`State`,
      cell: (file) => (
        <StateCell>
          <Badge $state={file.state}>{i18n._(fileStateLabels[file.state])}</Badge>
          <span>{i18n._(fileStateTexts[file.state])}</span>
          {file.state === 'failed' && file.reason ? (
            <Muted>{i18n._(fileFailureTexts[file.reason])}</Muted>
          ) : null}
        </StateCell>
      ),
    },
    ...(selection
      ? [
          {
            key: 'actions',
            header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
            align: 'end' as const,
            cell: (file: AssistantFile) => (
              <Button
                variant="ghost"
                size="small"
                aria-label={t`Delete ${file.name}`}
                onClick={() => selection.onDelete(file)}
              >
                {t`Delete`}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <SelectableTable
      caption={t`Uploaded files`}
      columns={columns}
      rows={files}
      waiting={waiting}
      selection={
        selection
          ? {
              state: selection.state,
              allLabel: t`Select all files`,
              rowLabel: (file) => t`Select ${file.name}`,
            }
          : undefined
      }
      summary={summary}
      actions={actions}
    />
  );
}
