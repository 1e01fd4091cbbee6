/** The bulk actions beside a list's count: delete what is ticked, download the filtered list. */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../button/button';

/** 'Delete selected', disabled while nothing is ticked; `children` renames it ('Remove selected'). */
export function DeleteSelectedButton({
  count,
  onClick,
  children,
}: {
  count: number;
  onClick: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Button variant="danger" size="small" disabled={count === 0} onClick={onClick}>
      {children ?? t`Delete selected`}
    </Button>
  );
}

/** 'Download CSV', spinning while the file is fetched. */
export function DownloadCsvButton({ waiting, onClick }: { waiting: boolean; onClick: () => void }) {
  const { t } = useLingui();
  return (
    <Button variant="secondary" size="small" waiting={waiting} onClick={onClick}>
      {t`Download CSV`}
    </Button>
  );
}
