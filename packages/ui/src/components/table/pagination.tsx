/** Page size, range and previous/next controls under a table (docs/product.md#constants: 5-100 per page, default 20). */
import { PAGE_SIZE_OPTIONS } from '@conversa/contract/constants';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { type ControlSize, controlStyle } from '../../primitives/control';
import { Button } from '../button/button';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.875rem;
`;

const SizeLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SizeSelect = styled.select<{ $size?: ControlSize }>`
  ${controlStyle}
  width: auto;
  min-height: ${({ theme }) => theme.controlHeight.small};
  padding: 0 ${({ theme }) => theme.space(2)};
  cursor: pointer;
`;

const Pages = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The page and page size a list shows; `page` is 1-based as sent to the API. */
export interface PageState {
  page: number;
  pageSize: number;
}

export interface PaginationProps extends PageState {
  totalCount: number;
  /** A new page size starts again at page 1. */
  onChange: (next: PageState) => void;
  disabled?: boolean;
  pageSizeOptions?: readonly number[];
}

/** Number of pages for a total (at least 1). */
export function pageCountOf(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** 'Rows per page', '1–20 of 57', 'Page 1 of 3' and the arrows. */
export function Pagination({
  page,
  pageSize,
  totalCount,
  onChange,
  disabled = false,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PaginationProps) {
  const { t } = useLingui();
  const id = useId();
  const pageCount = pageCountOf(totalCount, pageSize);
  const from = totalCount === 0 ? 0 : Math.min((page - 1) * pageSize + 1, totalCount);
  const to = Math.min(page * pageSize, totalCount);
  return (
    <Bar>
      <SizeLabel htmlFor={id}>
        {t`Rows per page`}
        <SizeSelect
          id={id}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => onChange({ page: 1, pageSize: Number(event.target.value) })}
        >
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SizeSelect>
      </SizeLabel>
      <span>{t`${from}–${to} of ${totalCount}`}</span>
      <Pages>
        <Button
          variant="secondary"
          size="small"
          aria-label={t`Previous page`}
          disabled={disabled || page <= 1}
          onClick={() => onChange({ page: page - 1, pageSize })}
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <span aria-live="polite">{t`Page ${page} of ${pageCount}`}</span>
        <Button
          variant="secondary"
          size="small"
          aria-label={t`Next page`}
          disabled={disabled || page >= pageCount}
          onClick={() => onChange({ page: page + 1, pageSize })}
        >
          <span aria-hidden="true">›</span>
        </Button>
      </Pages>
    </Bar>
  );
}
