/**
 * A conversation as the visitor saw it: their questions and the assistant's answers, each answer
 * with its sources and, when a person was offered, the handoff card.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { Handoff } from '@conversa/contract/assistant';
import type { ChatMessage, Source } from '@conversa/contract/chat';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Bubble = styled.li<{ $visitor: boolean }>`
  align-self: ${({ $visitor }) => ($visitor ? 'flex-end' : 'flex-start')};
  max-width: min(36rem, 90%);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $visitor }) => ($visitor ? theme.colors.hover : theme.colors.surface)};
`;

const Meta = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Small = styled.div`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  ul {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
`;

const HandoffCard = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radiusSmall};
  font-size: 0.875rem;
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    margin: ${({ theme }) => theme.space(2)} 0 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

function SourceName({ source }: { source: Source }) {
  const { t } = useLingui();
  if (source.kind === 'knowledge_base') return <>{t`Knowledge base text`}</>;
  if (source.kind === 'faq') return <>{t`FAQ: ${source.title ?? ''}`}</>;
  if (source.kind === 'website') {
    const name = t`Web page: ${source.title ?? source.url ?? ''}`;
    return source.url ? (
      <a href={source.url} target="_blank" rel="noreferrer">
        {name}
      </a>
    ) : (
      <>{name}</>
    );
  }
  return <>{t`File: ${source.title ?? ''}`}</>;
}

function HandoffDetails({ handoff }: { handoff: Handoff }) {
  const { t } = useLingui();
  const rows = [
    [t`Name`, handoff.name],
    [t`Email`, handoff.email],
    [t`Phone`, handoff.phone],
    [t`Hours`, handoff.hours],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <HandoffCard>
      <strong>{t`A person was offered`}</strong>
      {handoff.message ? <Text>{handoff.message}</Text> : null}
      {rows.length > 0 ? (
        <dl>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </HandoffCard>
  );
}

export interface TranscriptProps {
  /** Names the list for screen readers. */
  label: string;
  messages: ChatMessage[];
  /** Who wrote the `user` messages (default 'Visitor'; a seller's name on WhatsApp). */
  userLabel?: string;
  /** What an answer of the assistant's offers besides (the conversation page's Correct). */
  answerActions?: (message: ChatMessage) => ReactNode;
}

/** The messages in order; each says who wrote it and when. */
export function Transcript({ label, messages, userLabel, answerActions }: TranscriptProps) {
  const { t } = useLingui();
  return (
    <List aria-label={label}>
      {messages.map((message) => {
        const visitor = message.role === 'user';
        return (
          <Bubble key={message.id} $visitor={visitor}>
            <Meta>
              {visitor
                ? (userLabel ?? t`Visitor`)
                : message.role === 'agent'
                  ? (message.agent_name ?? t`Staff`)
                  : t`Assistant`}{' '}
              · {formatDateTime(message.created_at)}
            </Meta>
            <Text>{message.text}</Text>
            {message.sources.length > 0 ? (
              <Small>
                {t`Sources`}
                <ul>
                  {message.sources.map((source, index) => (
                    <li key={`${source.kind}-${source.file_id ?? ''}-${index}`}>
                      <SourceName source={source} />
                    </li>
                  ))}
                </ul>
              </Small>
            ) : null}
            {message.handoff ? <HandoffDetails handoff={message.handoff} /> : null}
            {message.rating ? (
              <Small>
                {message.rating === 'up'
                  ? t`The visitor rated it helpful`
                  : t`The visitor rated it not helpful`}
                {message.rating_reason ? `: “${message.rating_reason}”` : ''}
              </Small>
            ) : null}
            {message.corrected ? (
              <Small>
                {t`Corrected by ${message.corrected.by.full_name} on ${formatDateTime(message.corrected.at)}`}
              </Small>
            ) : null}
            {message.role === 'assistant' ? answerActions?.(message) : null}
          </Bubble>
        );
      })}
    </List>
  );
}
