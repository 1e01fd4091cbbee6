/**
 * Pre-sales dashboard (`/pre-sales/dashboard/{id}`): over a date range, the assistant's figures, a
 * per-day chart, its top questions, the questions it could not answer (each one click from a new
 * FAQ), and the conversations themselves.
 */
import { DASHBOARD_SAMPLE } from '@conversa/contract/conversation';
import { can } from '@conversa/contract/roles';
import { useSession } from '@conversa/data/provider';
import { useDashboard } from '@conversa/data/conversations/get-dashboard';
import { useLiveConversations } from '@conversa/data/conversations/live-events';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { DateRange, type DateRangeValue, lastThirtyDays } from '../../components/date-range/date-range';
import { DayChart } from '../../components/day-chart/day-chart';
import { EmptyState } from '../../components/empty-state/empty-state';
import { FigureCards } from '../../components/figure-cards/figure-cards';
import { consolePaths } from '../../components/sidebar/paths';
import { NavLink } from '../../components/sidebar/nav-link';
import { Waiting } from '../../components/waiting/waiting';
import { Card, PageTitle, SectionHeading, WidePage } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { ConversationList } from './conversation-list';
import { NotificationsPrompt } from './notifications-prompt';
import { StackList } from '../../primitives/stack-list';
import { Muted } from '../../primitives/muted';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Question = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
`;

const QuestionText = styled.span`
  flex: 1 1 12rem;
  overflow-wrap: anywhere;
`;

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface DashboardPageProps {
  assistantId: number;
  onNavigate: (path: string) => void;
  /** The first range shown (the last 30 days by default). */
  initialRange?: DateRangeValue;
}

/** The figures and lists over one date range, which the conversation list shares. */
export function DashboardPage({ assistantId, onNavigate, initialRange }: DashboardPageProps) {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<DateRangeValue>(() => initialRange ?? lastThirtyDays());
  const valid = Number.isInteger(assistantId) && assistantId > 0;
  const dashboard = useDashboard(valid ? assistantId : null, { from: range.start, to: range.end });
  const failureText = useFailureText();
  const session = useSession();
  // The list follows its conversations live: a visitor's message, one who asks for a person.
  useLiveConversations(valid ? assistantId : null);

  let body;
  if (!valid || dashboard.error?.status === 404 || dashboard.error?.status === 403) {
    body = (
      <EmptyState title={t`Not found`}>
        {t`This assistant does not exist or belongs to another institution.`}
      </EmptyState>
    );
  } else if (dashboard.error && !dashboard.data) {
    body = <LoadFailed message={failureText(dashboard.error)} onRetry={() => void dashboard.mutate()} />;
  } else if (!dashboard.data) {
    body = <Waiting block size="large" label={t`Loading the dashboard…`} />;
  } else {
    const figures = dashboard.data;
    const sample = i18n.number(DASHBOARD_SAMPLE);
    const faqPath = (question: string) =>
      `${consolePaths.preSalesFaqs(assistantId)}?question=${encodeURIComponent(question)}`;
    body = (
      <>
        <FigureCards
          label={t`Figures`}
          figures={[
            { key: 'conversations', label: t`Conversations`, value: figures.conversations },
            { key: 'questions', label: t`Questions`, value: figures.questions },
            { key: 'answered', label: t`Answered`, value: figures.answered },
            { key: 'handed-off', label: t`Handed off`, value: figures.handed_off },
            { key: 'contacts', label: t`Contacts`, value: figures.contacts },
            { key: 'median', label: t`Median messages`, value: figures.median_messages },
            { key: 'rated', label: t`Answers rated`, value: figures.rated },
            // Rated up ÷ rated, in whole percent (0 while nothing was rated).
            {
              key: 'satisfaction',
              label: t`Satisfaction (%)`,
              value: figures.satisfaction === null ? 0 : Math.round(figures.satisfaction * 100),
            },
            { key: 'to-review', label: t`To review`, value: figures.to_review },
          ]}
        />
        {can(session.roles, 'trainer.manage') ? (
          <p>
            <NavLink href={consolePaths.preSalesReview(assistantId)} onNavigate={onNavigate}>
              {t`Review the answers rated down, handed off or not known`}
            </NavLink>
          </p>
        ) : null}
        <DayChart title={t`Per day`} days={figures.per_day} />
        <Columns>
          <Card as="section" aria-labelledby="top-questions-title">
            <SectionHeading id="top-questions-title">{t`Top questions`}</SectionHeading>
            <Muted>
              {figures.conversations > DASHBOARD_SAMPLE
                ? t`The first question of each of the latest ${sample} conversations.`
                : t`The first question of each conversation.`}
            </Muted>
            {figures.top_questions.length === 0 ? (
              <EmptyState />
            ) : (
              <StackList as="ol">
                {figures.top_questions.map((question) => (
                  <Question key={question.text}>
                    <QuestionText>{question.text}</QuestionText>
                    <Muted>
                      {t({ message: plural(question.count, { one: 'Asked once', other: 'Asked # times' }) })}
                    </Muted>
                  </Question>
                ))}
              </StackList>
            )}
          </Card>
          <Card as="section" aria-labelledby="unanswered-title">
            <SectionHeading id="unanswered-title">{t`Unanswered questions`}</SectionHeading>
            {figures.conversations > DASHBOARD_SAMPLE ? (
              <Muted>{t`From the latest ${sample} conversations.`}</Muted>
            ) : null}
            {figures.unanswered.length === 0 ? (
              <EmptyState title={t`Every question got an answer.`} />
            ) : (
              <StackList as="ol">
                {figures.unanswered.map((group, index) => (
                  <Question key={`${group.conversation_id}-${index}`}>
                    <QuestionText id={`unanswered-${index}`}>{group.question}</QuestionText>
                    <Row>
                      <Muted>
                        {t({ message: plural(group.count, { one: 'Asked once', other: 'Asked # times' }) })}
                      </Muted>
                      <NavLink
                        href={consolePaths.preSalesConversation(assistantId, group.conversation_id)}
                        onNavigate={onNavigate}
                        aria-describedby={`unanswered-${index}`}
                      >
                        {t`See a conversation`}
                      </NavLink>
                      <Button
                        size="small"
                        variant="secondary"
                        aria-describedby={`unanswered-${index}`}
                        onClick={() => onNavigate(faqPath(group.question))}
                      >
                        {t`Add as FAQ`}
                      </Button>
                    </Row>
                  </Question>
                ))}
              </StackList>
            )}
          </Card>
        </Columns>
      </>
    );
  }

  return (
    <WidePage aria-labelledby="dashboard-title">
      <PageTitle id="dashboard-title">{t`Dashboard`}</PageTitle>
      <NotificationsPrompt />
      <DateRange label={t`Dates`} value={range} onChange={setRange} />
      {body}
      {valid ? (
        <Card as="section" aria-labelledby="conversations-title">
          <SectionHeading id="conversations-title">{t`Conversations`}</SectionHeading>
          <ConversationList
            assistantId={assistantId}
            from={range.start}
            to={range.end}
            onNavigate={onNavigate}
          />
        </Card>
      ) : null}
    </WidePage>
  );
}
