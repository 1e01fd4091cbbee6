/**
 * Trainer › Overview (`/pre-sales/trainer/{id}`, `/sales-support/trainer/{id}`, the trainer's index):
 * how far the assistant's training has come (text, files by state, FAQs, handoff) with links to
 * each tab, around the assistant's profile and share cards, which the app passes in (they belong
 * to the assistant feature; features do not import one another).
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { MAX_SUGGESTED_QUESTIONS } from '@conversa/contract/assistant';
import { useFaqs } from '@conversa/data/knowledge/get-faqs';
import { useKnowledgeBase } from '@conversa/data/knowledge/get-knowledge-base';
import { useFiles } from '@conversa/data/knowledge/list-files';
import { useAssistantEvents } from '@conversa/data/knowledge/assistant-events';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { NavLink } from '../../components/sidebar/nav-link';
import { Card, Intro } from '../../forms/form-layout';
import { SectionTitle, TrainerLayout } from './trainer-layout';
import { type TrainerTab, trainerPaths } from './trainer-tabs';

export { trainerPaths } from './trainer-tabs';

const Steps = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StepLink = styled(NavLink)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  height: 100%;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const StepName = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const StepFigure = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

export interface TrainerOverviewPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
  /** The assistant's profile card (name, logo, suggested questions summary). */
  renderProfile?: (assistant: AssistantDetail) => ReactNode;
  /** The share card (link and snippet); pre-sales only: sales support has no public chat. */
  renderShare?: (assistant: AssistantDetail) => ReactNode;
}

/** Profile, training summary and share cards of one assistant. */
export function TrainerOverviewPage({
  assistantId,
  onNavigate,
  renderProfile,
  renderShare,
}: TrainerOverviewPageProps) {
  return (
    <TrainerLayout assistantId={assistantId} tab="overview" onNavigate={onNavigate}>
      {(assistant) => (
        <>
          {renderProfile?.(assistant)}
          <TrainingSummary assistant={assistant} onNavigate={onNavigate} />
          {assistant.product.type === 'sales_support' ? null : renderShare?.(assistant)}
        </>
      )}
    </TrainerLayout>
  );
}

/** One link per tab with what it holds; the file counts follow the server's events. */
function TrainingSummary({
  assistant,
  onNavigate,
}: {
  assistant: AssistantDetail;
  onNavigate: (path: string) => void;
}) {
  const { t } = useLingui();
  const knowledge = useKnowledgeBase(assistant.id);
  const files = useFiles(assistant.id);
  const faqs = useFaqs(assistant.id);
  useAssistantEvents(assistant.id);
  const paths = trainerPaths({ id: assistant.id, type: assistant.product.type });
  const loading = t`Loading…`;

  const count = (state: 'ready' | 'processing' | 'failed') =>
    (files.data ?? []).filter((file) => file.state === state).length;
  const fileFigure = files.data
    ? files.data.length === 0
      ? t`No files yet`
      : [
          t({ message: plural(count('ready'), { one: '# ready', other: '# ready' }) }),
          count('processing') > 0
            ? t({ message: plural(count('processing'), { one: '# processing', other: '# processing' }) })
            : null,
          count('failed') > 0
            ? t({ message: plural(count('failed'), { one: '# failed', other: '# failed' }) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')
    : loading;
  const length = knowledge.data?.text.length;
  const handoff = assistant.handoff;
  const handoffSet = Boolean(handoff && (handoff.email || handoff.phone || handoff.name));

  const steps: { tab: TrainerTab; name: string; figure: string }[] = [
    {
      tab: 'knowledge-base',
      name: t`Knowledge Base`,
      figure:
        length === undefined
          ? loading
          : length === 0
            ? t`No text yet`
            : t({ message: plural(length, { one: '# character', other: '# characters' }) }),
    },
    { tab: 'files', name: t`Files`, figure: fileFigure },
    {
      tab: 'faqs',
      name: t`FAQs`,
      figure: faqs.data
        ? `${t({ message: plural(faqs.data.faqs.length, { one: '# FAQ', other: '# FAQs' }) })} · ${t`${assistant.suggested_questions.length} of ${MAX_SUGGESTED_QUESTIONS} suggested questions`}`
        : loading,
    },
    { tab: 'handoff', name: t`Handoff Details`, figure: handoffSet ? t`Contact set` : t`Not set yet` },
  ];

  return (
    <Card as="section" aria-labelledby="training-title">
      <SectionTitle id="training-title">{t`Training`}</SectionTitle>
      <Intro>{t`What the assistant knows. Open a part to change it.`}</Intro>
      <Steps>
        {steps.map((step) => {
          const href = paths[step.tab];
          return href ? (
            <li key={step.tab}>
              <StepLink href={href} onNavigate={onNavigate}>
                <StepName>{step.name}</StepName>
                <StepFigure>{step.figure}</StepFigure>
              </StepLink>
            </li>
          ) : null;
        })}
      </Steps>
    </Card>
  );
}
