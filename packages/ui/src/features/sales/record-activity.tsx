/** What happened to a lead or an order: the WhatsApp conversation it came from and its history. */
import { formatDateTime } from '@conversa/contract/date-format';
import type { LeadDetail, OrderDetail, RecordChange } from '@conversa/contract/records';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Table } from '../../components/table/table';
import { Card, SectionHeading } from '../../forms/form-layout';
import { MutedParagraph } from '../../primitives/muted';

const Messages = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Message = styled.li<{ $in: boolean }>`
  align-self: ${({ $in }) => ($in ? 'flex-start' : 'flex-end')};
  max-width: 80%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $in }) => ($in ? theme.colors.border : theme.colors.primary)};
  background: ${({ theme, $in }) => ($in ? theme.colors.background : theme.colors.surface)};
  white-space: pre-wrap;
`;

/** The seller's WhatsApp messages and the assistant's answers, or why there are none. */
export function SellerConversation({ detail }: { detail: LeadDetail | OrderDetail }) {
  const { t } = useLingui();
  return (
    <Card as="section" aria-labelledby="record-messages">
      <SectionHeading id="record-messages">{t`Conversation with the seller`}</SectionHeading>
      {detail.messages.length === 0 ? (
        <MutedParagraph>{t`Entered in the console: there is no WhatsApp conversation.`}</MutedParagraph>
      ) : (
        <Messages aria-labelledby="record-messages">
          {detail.messages.map((message) => (
            <Message key={message.id} $in={message.direction === 'in'}>
              <MutedParagraph as="span">
                {message.direction === 'in' ? detail.seller : t`Assistant`} ·{' '}
                {formatDateTime(message.created_at)}
              </MutedParagraph>
              <br />
              {message.body ?? '—'}
            </Message>
          ))}
        </Messages>
      )}
    </Card>
  );
}

/** Who changed what, when. */
export function History({ history }: { history: RecordChange[] }) {
  const { t } = useLingui();
  return (
    <Card as="section" aria-labelledby="record-history">
      <SectionHeading id="record-history">{t`History`}</SectionHeading>
      <Table
        caption={t`History`}
        rows={history.map((entry, index) => ({ ...entry, index }))}
        rowKey={(entry) => entry.index}
        columns={[
          { key: 'at', header: t`When`, cell: (entry) => formatDateTime(entry.at) },
          { key: 'by', header: t`Who`, cell: (entry) => entry.by },
          {
            key: 'what',
            header: t`What`,
            cell: (entry) =>
              entry.action === 'created'
                ? t`Entered`
                : Object.keys(entry.changes)
                    .map((key) => key.replace(/^fields\./, ''))
                    .join(', '),
          },
        ]}
      />
    </Card>
  );
}
