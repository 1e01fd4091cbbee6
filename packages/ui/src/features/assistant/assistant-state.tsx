/**
 * Loads one assistant for a screen and shows what is not the assistant itself: waiting, not found
 * (another tenant's or a removed id: the server answers 404) and other failures with a retry.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useAssistant } from '@conversa/data/assistants/get-assistant';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Waiting } from '../../components/waiting/waiting';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';

export interface AssistantStateProps {
  assistantId: number;
  /** What the screen shows once the assistant is there. */
  children: (assistant: AssistantDetail) => ReactNode;
}

/** Renders `children(assistant)` once loaded; otherwise the waiting, not-found or failed state. */
export function AssistantState({ assistantId, children }: AssistantStateProps) {
  const { t } = useLingui();
  const assistant = useAssistant(assistantId);
  const failureText = useFailureText();
  if (assistant.data) return <>{children(assistant.data)}</>;
  if (assistant.error?.status === 404) {
    return <EmptyState title={t`This assistant does not exist, or it belongs to another institution.`} />;
  }
  if (assistant.error) {
    return <LoadFailed message={failureText(assistant.error)} onRetry={() => void assistant.mutate()} />;
  }
  return <Waiting block label={t`Loading the assistant…`} />;
}
