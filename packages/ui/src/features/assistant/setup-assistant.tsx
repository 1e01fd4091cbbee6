/**
 * /setup-assistant (docs/product.md#screens-and-routes): a wizard (`forms/use-wizard.ts`: clamped, locked while saving) that
 * sets up an assistant: type (only the types the institution's kind allows; skipped when there is
 * one), name (creates it), logo, suggested questions (pre-sales only: sales support has no public
 * chat) and first knowledge, then on to its trainer, or for sales support to its allowed numbers.
 */
import type { AssistantDetail } from '@conversa/contract/assistant';
import type { InstitutionKind } from '@conversa/contract/institution';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { can } from '@conversa/contract/roles';
import { useInstitution } from '@conversa/data/institutions/get-institution';
import { useSession } from '@conversa/data/provider';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { EmptyState } from '../../components/empty-state/empty-state';
import { consolePaths, sectionOf, trainerPath } from '../../components/sidebar/paths';
import { Waiting } from '../../components/waiting/waiting';
import { Card, Intro, Page, PageTitle } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { useStepHeading, useWizard } from '../../forms/use-wizard';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { typesFor } from './assistant-types';
import { DoneStep } from './steps/done-step';
import { KnowledgeStep } from './steps/knowledge-step';
import { LogoStep } from './steps/logo-step';
import { NameStep } from './steps/name-step';
import { QuestionsStep } from './steps/questions-step';
import { TypeStep } from './steps/type-step';

/**
 * The steps, in order; `type` is left out when the kind allows one type, `questions` for sales
 * support (its sellers write on WhatsApp: there is no chat to suggest questions in).
 */
export const SETUP_STEPS = ['type', 'name', 'logo', 'questions', 'knowledge', 'done'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

const stepTitles: Record<SetupStep, MessageDescriptor> = {
  type: msg`Type`,
  name: msg`Name`,
  logo: msg`Logo`,
  questions: msg`Suggested questions`,
  knowledge: msg`Knowledge`,
  done: msg`Done`,
};

const Progress = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.8125rem;
`;

const ProgressItem = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2.5)};
  border: 1px solid ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : theme.colors.primary)};
  border-radius: 999px;
  background: ${({ theme, $state }) => ($state === 'current' ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $state }) =>
    $state === 'current'
      ? theme.colors.onPrimary
      : $state === 'done'
        ? theme.colors.text
        : theme.colors.textMuted};
  font-weight: ${({ $state }) => ($state === 'current' ? 700 : 500)};
`;

const StepTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
  &:focus {
    outline: none;
  }
`;

export interface SetupAssistantProps {
  /** The assistant is set up: the app opens this path (its trainer). */
  onDone: (path: string) => void;
  /**
   * Shown to a person without an institution (none yet, or none left): the app's way to create one
   * (the sign-in flow's institution step); once created, the session acts in it and the wizard shows.
   */
  createInstitution?: ReactNode;
}

/** The route's screen: checks the institution and the role, then runs the wizard. */
export function SetupAssistant({ onDone, createInstitution }: SetupAssistantProps) {
  const { t } = useLingui();
  const session = useSession();
  const institution = useInstitution();
  const failureText = useFailureText();
  let content;
  if (session.institutionId === null) {
    content = createInstitution ? (
      <Card as="section" aria-labelledby="create-institution-title">
        <StepTitle id="create-institution-title">{t`Create your school or business`}</StepTitle>
        <Intro>{t`You do not belong to an institution yet. Create yours to set up an assistant.`}</Intro>
        {createInstitution}
      </Card>
    ) : (
      <EmptyState title={t`You do not belong to an institution yet.`} />
    );
  } else if (!can(session.roles, 'assistant.manage')) {
    content = <EmptyState title={t`Only the institution's managers can set up assistants.`} />;
  } else if (institution.data) {
    content = (
      <SetupWizard
        key={institution.data.id}
        kind={institution.data.kind}
        institutionName={institution.data.name}
        onDone={onDone}
      />
    );
  } else if (institution.error) {
    content = (
      <LoadFailed message={failureText(institution.error)} onRetry={() => void institution.mutate()} />
    );
  } else {
    content = <Waiting block size="large" label={t`Loading the institution…`} />;
  }
  return (
    <Page aria-labelledby="setup-assistant-title">
      <PageTitle id="setup-assistant-title">{t`Assistant setup`}</PageTitle>
      {content}
    </Page>
  );
}

interface SetupWizardProps extends SetupAssistantProps {
  kind: InstitutionKind;
  institutionName: string;
}

/** The wizard proper: one card, the progress above it, the step's heading focused on each move. */
function SetupWizard({ kind, institutionName, onDone }: SetupWizardProps) {
  const { t, i18n } = useLingui();
  const types = typesFor(kind);
  const [type, setType] = useState<AssistantType>(types[0] ?? 'admission');
  const salesSupport = sectionOf(type) === 'sales-support';
  const steps = SETUP_STEPS.filter(
    (step) => (step !== 'type' || types.length > 1) && (step !== 'questions' || !salesSupport),
  );
  const at = (step: SetupStep) => steps.indexOf(step);
  // Until the assistant exists, nothing past the name step can be reached.
  const wizard = useWizard(at('name'));
  const step = steps[wizard.step] ?? 'name';
  const [assistant, setAssistant] = useState<AssistantDetail | null>(null);
  const [knowledge, setKnowledge] = useState({ text: false, files: 0 });
  const onBusy = (busy: boolean) => (busy ? wizard.lock() : wizard.unlock());
  // Each move is announced: the focus goes to the new step's heading.
  const title = useStepHeading(wizard.step);

  const next = () => wizard.next();
  const back = () => wizard.prev();

  let body;
  if (step === 'type') {
    body = <TypeStep types={types} value={type} onChange={setType} onNext={next} />;
  } else if (step === 'name' || !assistant) {
    body = (
      <NameStep
        type={type}
        assistant={assistant}
        suggestion={institutionName}
        onBusy={onBusy}
        // The type cannot change once the assistant exists.
        onBack={at('type') >= 0 && !assistant ? back : undefined}
        onSaved={(saved, created) => {
          setAssistant(saved);
          if (created) wizard.setLimit(steps.length - 1);
          wizard.next();
        }}
      />
    );
  } else if (step === 'logo') {
    body = (
      <LogoStep assistant={assistant} onUploaded={setAssistant} onBusy={onBusy} onNext={next} onBack={back} />
    );
  } else if (step === 'questions') {
    body = (
      <QuestionsStep
        assistant={assistant}
        onSaved={setAssistant}
        onBusy={onBusy}
        onNext={next}
        onBack={back}
      />
    );
  } else if (step === 'knowledge') {
    body = (
      <KnowledgeStep
        assistant={assistant}
        onBusy={onBusy}
        onBack={back}
        onSkip={next}
        onSaved={(sent) => {
          setKnowledge(sent);
          wizard.next();
        }}
      />
    );
  } else {
    const path = trainerPath({ id: assistant.id, type: assistant.product.type });
    body = (
      <DoneStep
        assistant={assistant}
        knowledge={knowledge}
        onOpenTrainer={() => onDone(path)}
        onOpenAllowedNumbers={
          salesSupport ? () => onDone(consolePaths.salesSupportAllowedNumbers(assistant.id)) : undefined
        }
      />
    );
  }

  const position = wizard.step + 1;
  return (
    <>
      <Progress aria-label={t`Setup steps`}>
        {steps.map((name, index) => {
          const state = index < wizard.step ? 'done' : index === wizard.step ? 'current' : 'todo';
          return (
            <ProgressItem key={name} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
              {i18n._(stepTitles[name])}
              {state === 'done' ? <VisuallyHidden> {t`(done)`}</VisuallyHidden> : null}
            </ProgressItem>
          );
        })}
      </Progress>
      <Card>
        <StepTitle ref={title} tabIndex={-1}>
          {t`Step ${position} of ${steps.length}: ${i18n._(stepTitles[step])}`}
        </StepTitle>
        {body}
      </Card>
    </>
  );
}
