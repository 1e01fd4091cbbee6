/**
 * The sales-support pages' common first step: the page's assistant is loaded, and its content shows
 * only when it is a sales-support assistant of the user's institution; otherwise 'Not found', a
 * failed load with a retry, or the wait.
 */
import { useAssistant } from '@conversa/data/assistants/get-assistant';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Waiting } from '../../components/waiting/waiting';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';

export interface SalesAssistantGateProps {
  assistantId: number;
  children: ReactNode;
}

export function SalesAssistantGate({ assistantId, children }: SalesAssistantGateProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  // An id that is not one (a mistyped address) is not asked for: it cannot name an assistant.
  const valid = Number.isInteger(assistantId) && assistantId > 0;
  const assistant = useAssistant(valid ? assistantId : null);
  if (assistant.data?.product.type === 'sales_support') return children;
  if (!valid || assistant.data || assistant.error?.status === 404 || assistant.error?.status === 403) {
    return (
      <EmptyState title={t`Not found`}>
        {t`This sales-support assistant does not exist or belongs to another institution.`}
      </EmptyState>
    );
  }
  if (assistant.error)
    return <LoadFailed message={failureText(assistant.error)} onRetry={() => void assistant.mutate()} />;
  return <Waiting block size="large" label={t`Loading the assistant…`} />;
}
