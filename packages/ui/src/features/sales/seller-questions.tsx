/**
 * The sellers' questions on WhatsApp that were neither a lead nor an order (`GET
 * institution-product/{id}/whatsapp/questions`), on the allowed-numbers page: each one as a short
 * transcript (the seller's question, the assistant's answer) in the console's transcript component,
 * the latest first, a page at a time. With none, one short line.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import { DEFAULT_PAGE_SIZE } from '@conversa/contract/constants';
import type { SellerQuestion } from '@conversa/contract/sales';
import { useSellerQuestions } from '@conversa/data/sales/seller-questions';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Pagination, type PageState } from '../../components/table/pagination';
import { Transcript } from '../../components/transcript/transcript';
import { Waiting } from '../../components/waiting/waiting';
import { Card } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { Muted as BaseMuted } from '../../primitives/muted';

const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

const Muted = styled(BaseMuted)`
  display: block;
`;

const Questions = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The question and its answer as the transcript component reads messages. */
function messagesOf(item: SellerQuestion): ChatMessage[] {
  return [
    { id: 1, role: 'user', text: item.question, sources: [], handoff: null, created_at: item.asked_at },
    { id: 2, role: 'assistant', text: item.answer, sources: [], handoff: null, created_at: item.answered_at },
  ];
}

export interface SellerQuestionsProps {
  assistantId: number;
}

/** A card of transcripts with pagination; waiting, failure and empty states included. */
export function SellerQuestions({ assistantId }: SellerQuestionsProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [paging, setPaging] = useState<PageState>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useSellerQuestions(assistantId, { page: paging.page, perPage: paging.pageSize });
  const items = list.data?.items ?? [];

  let body;
  if (list.error && !list.data) {
    body = <LoadFailed message={failureText(list.error)} onRetry={() => void list.mutate()} />;
  } else if (!list.data) {
    body = <Waiting block label={t`Loading the sellers' questions…`} />;
  } else if (items.length === 0 && paging.page === 1) {
    body = <Muted>{t`No seller has asked a question yet.`}</Muted>;
  } else {
    body = (
      <>
        <Questions>
          {items.map((item) => {
            const seller = item.seller_name ?? item.phone_number ?? t`Unknown seller`;
            return (
              <li key={item.id}>
                <Transcript
                  label={t`Question from ${seller}`}
                  userLabel={seller}
                  messages={messagesOf(item)}
                />
              </li>
            );
          })}
        </Questions>
        <Pagination {...paging} totalCount={list.data.totalCount} onChange={setPaging} />
      </>
    );
  }

  return (
    <Card as="section" aria-labelledby="seller-questions-title">
      <SectionTitle id="seller-questions-title">{t`Sellers' questions`}</SectionTitle>
      <Muted>{t`What sellers asked on WhatsApp that was neither a lead nor an order, with the answer they got.`}</Muted>
      {body}
    </Card>
  );
}
