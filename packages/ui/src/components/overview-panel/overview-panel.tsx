/**
 * A conversation's AI overview (docs/product.md: absent until asked for): a button to generate it,
 * then its summary, intent, topics, unanswered questions, contact, urgency, next step and who wrote
 * it, with a button to make it again.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { Intent, Overview, Urgency } from '@conversa/contract/conversation';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MutedParagraph as Muted } from '../../primitives/muted';
import { Panel, PanelTitle as Title } from '../../primitives/panel';
import { Button } from '../button/button';

const Fields = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  dt {
    font-size: 0.8125rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space(0.5)} 0 0;
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
`;

const intents: Record<Intent, MessageDescriptor> = {
  information: msg`Information`,
  visit: msg`Visit`,
  enrolment: msg`Enrolment`,
  purchase: msg`Purchase`,
  price: msg`Price`,
  complaint: msg`Complaint`,
  other: msg`Other`,
};

const urgencies: Record<Urgency, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
};

export interface OverviewPanelProps {
  overview: Overview | null;
  /** The overview is being made. */
  generating?: boolean;
  onGenerate: () => void;
  /** Read-only members see the overview but cannot make one. */
  canGenerate?: boolean;
}

/** 'Generate overview' while there is none; the overview and 'Regenerate' once there is. */
export function OverviewPanel({
  overview,
  generating = false,
  onGenerate,
  canGenerate = true,
}: OverviewPanelProps) {
  const { t, i18n } = useLingui();
  const list = (items: string[]) =>
    items.length === 0 ? (
      t`None`
    ) : (
      <ul>
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </ul>
    );
  const field = (label: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const contact = overview
    ? [overview.contact.name, overview.contact.email, overview.contact.phone].filter(Boolean).join(' · ')
    : '';
  return (
    <Panel aria-labelledby="overview-title" aria-busy={generating || undefined}>
      <Title id="overview-title">{t`Overview`}</Title>
      {overview ? (
        <>
          <Fields>
            {field(t`Summary`, overview.summary)}
            {field(t`Intent`, i18n._(intents[overview.intent]))}
            {field(t`Topics`, list(overview.topics))}
            {field(t`Unanswered questions`, list(overview.unanswered_questions))}
            {field(t`Contact`, contact || t`None`)}
            {field(t`Urgency`, i18n._(urgencies[overview.urgency]))}
            {field(t`Next step`, overview.next_step)}
          </Fields>
          <Muted>
            {overview.generator === 'llm'
              ? t`Written by the AI model on ${formatDateTime(overview.generated_at)}.`
              : t`Made from the messages alone (no AI model) on ${formatDateTime(overview.generated_at)}.`}
          </Muted>
        </>
      ) : (
        <Muted>{t`No overview yet. Generate one to get a summary of this conversation.`}</Muted>
      )}
      {canGenerate ? (
        <div>
          <Button variant={overview ? 'secondary' : 'primary'} waiting={generating} onClick={onGenerate}>
            {overview ? t`Regenerate` : t`Generate overview`}
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
