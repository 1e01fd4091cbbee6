/**
 * The last setup step: what was set up, and the way to the new assistant's trainer; for sales
 * support also to its allowed numbers, where sellers are added and WhatsApp is connected.
 */
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
  /** Sales support: opens its allowed numbers (sellers and the WhatsApp channel). */
  onOpenAllowedNumbers?: () => void;
}

/** A summary list and one primary action. */
export function DoneStep({ assistant, knowledge, onOpenTrainer, onOpenAllowedNumbers }: DoneStepProps) {
  const { t } = useLingui();
  const questions = assistant.suggested_questions.length;
  return (
    <>
      <Note>
        {onOpenAllowedNumbers
          ? t`${assistant.product.name} is ready. Add the sellers' WhatsApp numbers and connect its WhatsApp number in Allowed numbers, and keep training it in the trainer.`
          : assistant.public_url === null
            ? t`${assistant.product.name} is ready. Keep training it in the trainer.`
            : t`${assistant.product.name} is ready. Keep training it in the trainer, then share its link.`}
      </Note>
      <Summary>
        <li>{assistant.product.logo ? t`Logo: set.` : t`Logo: none yet.`}</li>
        {onOpenAllowedNumbers ? null : <li>{t`Suggested questions: ${questions}.`}</li>}
        <li>{knowledge.text ? t`Knowledge base: saved.` : t`Knowledge base: empty for now.`}</li>
        {knowledge.files > 0 ? (
          <li>{t`Documents: ${knowledge.files}, being processed; the trainer shows when they are ready.`}</li>
        ) : null}
      </Summary>
      <Actions>
        {onOpenAllowedNumbers ? (
          <>
            <Button variant="secondary" onClick={onOpenTrainer}>{t`Open the trainer`}</Button>
            <Button onClick={onOpenAllowedNumbers}>{t`Set up allowed numbers`}</Button>
          </>
        ) : (
          <Button onClick={onOpenTrainer}>{t`Open the trainer`}</Button>
        )}
      </Actions>
    </>
  );
}
