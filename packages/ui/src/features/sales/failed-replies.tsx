/**
 * The WhatsApp replies of a sales-support assistant that could not be sent (`GET
 * institution-product/{id}/whatsapp/failed-replies`), on its WhatsApp card so no failure stays
 * silent: when, to whom, what (and what it answered) and why, the latest failure first, a page at a
 * time. A reply to a number can be sent again: the server's job queue sends it, and it comes back
 * here if it fails again. With none, one short line.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { FailedReply } from '@conversa/contract/sales';
import { useFailedReplies, useRetryFailedReplies } from '@conversa/data/sales/failed-replies';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import { usePaging } from '../../components/selectable-table/use-paging';
import type { TableColumn } from '../../components/table/table';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { useFailureText } from '../../forms/use-failure-text';
import { useListState } from '../../forms/use-list-state';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Muted as BaseMuted } from '../../primitives/muted';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1rem;
  font-weight: 700;
`;

const Muted = styled(BaseMuted)`
  display: block;
`;

/** Long replies are cut to three lines on screen; the whole text stays for screen readers. */
const Clamped = styled.span`
  display: -webkit-box;
  max-width: 28rem;
  overflow: hidden;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
`;

export function FailedReplies({ assistantId }: { assistantId: number }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const paging = usePaging();
  const list = useFailedReplies(assistantId, { page: paging.page, perPage: paging.perPage });
  const listState = useListState(list);
  const retry = useRetryFailedReplies(assistantId);
  const rows = list.data?.items ?? [];

  const sendAgain = async (reply: FailedReply) => {
    try {
      await retry.trigger([reply.id]);
      notifySuccess(t`The reply is queued to be sent again.`);
    } catch (error) {
      notifyError(failureText(error));
    }
  };

  const columns: TableColumn<FailedReply>[] = [
    { key: 'when', header: t`Failed at`, cell: (row) => formatDateTime(row.failed_at) },
    {
      key: 'to',
      header: t`Number`,
      cell: (row) => (
        <>
          {row.phone_number ?? t`No number (a WhatsApp user ID)`}
          <Muted>{row.seller_name ?? t`Not on the list`}</Muted>
        </>
      ),
    },
    {
      key: 'reply',
      header: t`Reply`,
      cell: ({ body, question }) => (
        <>
          <Clamped>{body}</Clamped>
          {question ? (
            <Muted>
              <Clamped>{t`Answering: ${question}`}</Clamped>
            </Muted>
          ) : null}
        </>
      ),
    },
    { key: 'error', header: t`Error`, cell: (row) => row.error ?? t`Meta gave no reason.` },
    {
      key: 'actions',
      header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      align: 'end',
      // A sender known only by a user id cannot be written to again.
      cell: (row) => {
        const number = row.phone_number;
        const when = formatDateTime(row.failed_at);
        return number ? (
          <Button
            variant="secondary"
            size="small"
            disabled={retry.isMutating}
            // The visible text starts the name (voice control users say what they see).
            aria-label={t`Send again: the reply to ${number} of ${when}`}
            onClick={() => void sendAgain(row)}
          >
            {t`Send again`}
          </Button>
        ) : null;
      },
    },
  ];

  const none = !list.isLoading && !list.error && rows.length === 0 && paging.page === 1;

  return (
    <Section aria-labelledby="failed-replies-title">
      <Title id="failed-replies-title">{t`Replies that could not be sent`}</Title>
      <SelectableTable
        caption={t`Replies that could not be sent`}
        columns={columns}
        rows={rows}
        {...listState}
        pagination={paging.pagination(list.data?.totalCount ?? 0)}
        empty={none ? <Muted>{t`No reply has failed.`}</Muted> : undefined}
      />
    </Section>
  );
}
