/**
 * The frame of every trainer page: the assistant's name as the heading, the tabs (links, so they
 * open in new tabs and read as navigation), then the page. It loads the assistant once and hands
 * it to the page; an assistant of another institution (or none) is 'Not found'.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useAssistant } from '@conversa/data/assistants/get-assistant';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState } from '../../components/empty-state/empty-state';
import { NavLink } from '../../components/sidebar/nav-link';
import { Waiting } from '../../components/waiting/waiting';
import { Page, PageTitle } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { type TrainerTab, trainerTabs } from './trainer-tabs';

/** A wider column than the forms': the files table needs the room. */
export const TrainerPage = styled(Page)`
  max-width: 64rem;
`;

const TabList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  list-style: none;
`;

const Tab = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space(3)};
  margin-bottom: -1px;
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  &[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** A section heading under the tabs. */
export const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

export interface TrainerLayoutProps {
  assistantId: number;
  /** The tab being shown. */
  tab: TrainerTab;
  /** In-app navigation for the tabs' plain clicks (the app's router). */
  onNavigate: (path: string) => void;
  /** The page, once the assistant is loaded. */
  children: (assistant: AssistantDetail) => ReactNode;
}

/** Heading and tabs over the page; waiting, not-found and failure states in its place. */
export function TrainerLayout({ assistantId, tab, onNavigate, children }: TrainerLayoutProps) {
  const { t, i18n } = useLingui();
  // An id that is not one (a mistyped address) is not asked for: it cannot name an assistant.
  const valid = Number.isInteger(assistantId) && assistantId > 0;
  const assistant = useAssistant(valid ? assistantId : null);
  const failureText = useFailureText();

  if (assistant.data) {
    const tabs = trainerTabs({ id: assistant.data.id, type: assistant.data.product.type });
    return (
      <TrainerPage aria-labelledby="trainer-title">
        <PageTitle id="trainer-title">{assistant.data.product.name}</PageTitle>
        <nav aria-label={t`Trainer`}>
          <TabList>
            {tabs.map((link) => (
              <li key={link.tab}>
                <Tab href={link.href} current={link.tab === tab} onNavigate={onNavigate}>
                  {i18n._(link.label)}
                </Tab>
              </li>
            ))}
          </TabList>
        </nav>
        {children(assistant.data)}
      </TrainerPage>
    );
  }
  let state;
  if (!valid || assistant.error?.status === 404 || assistant.error?.status === 403) {
    state = (
      <EmptyState title={t`Not found`}>
        {t`This assistant does not exist or belongs to another institution.`}
      </EmptyState>
    );
  } else if (assistant.error) {
    state = <LoadFailed message={failureText(assistant.error)} onRetry={() => void assistant.mutate()} />;
  } else state = <Waiting block size="large" label={t`Loading the assistant…`} />;
  return (
    <TrainerPage aria-labelledby="trainer-title">
      <PageTitle id="trainer-title">{t`Trainer`}</PageTitle>
      {state}
    </TrainerPage>
  );
}
