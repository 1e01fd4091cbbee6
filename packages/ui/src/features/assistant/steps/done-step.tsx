/** The last setup step: what was set up, and the way to the new assistant's trainer. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Button } from '../../../components/button/button';
import { Actions } from '../../../forms/form-layout';
import { Note } from '../parts';

const Summary = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(5)};
`;

export interface DoneStepProps {
  assistant: AssistantDetail;
  /** What the knowledge step sent. */
  knowledge: { text: boolean; files: number };
  onOpenTrainer: () => void;
}

/** A summary list and one primary action. */
export function DoneStep({ assistant, knowledge, onOpenTrainer }: DoneStepProps) {
  const { t } = useLingui();
  const questions = assistant.suggested_questions.length;
  return (
    <>
      <Note>
        {assistant.public_url === null
          ? t`${assistant.product.name} is ready. Keep training it in the trainer, then connect its WhatsApp number.`
          : t`${assistant.product.name} is ready. Keep training it in the trainer, then share its link.`}
      </Note>
      <Summary>
        <li>{assistant.product.logo ? t`Logo: set.` : t`Logo: none yet.`}</li>
        <li>{t`Suggested questions: ${questions}.`}</li>
        <li>{knowledge.text ? t`Knowledge base: saved.` : t`Knowledge base: empty for now.`}</li>
        {knowledge.files > 0 ? (
          <li>{t`Documents: ${knowledge.files}, being processed; the trainer shows when they are ready.`}</li>
        ) : null}
      </Summary>
      <Actions>
        <Button onClick={onOpenTrainer}>{t`Open the trainer`}</Button>
      </Actions>
    </>
  );
}
