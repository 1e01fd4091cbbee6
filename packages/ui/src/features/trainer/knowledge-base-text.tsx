/** The assistant's free knowledge-base text: a large text area with its character count (max 100,000). */
import { KnowledgeBaseSchema, MAX_KNOWLEDGE_BASE_LENGTH } from '@conversa/contract/assistant';
import { useKnowledgeBase } from '@conversa/data/knowledge/get-knowledge-base';
import { useUpdateKnowledgeBase } from '@conversa/data/knowledge/update-knowledge-base';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { successNotices } from '../../i18n/notices';
import { SectionTitle } from './trainer-layout';

export interface KnowledgeBaseTextProps {
  assistantId: number;
  /** The user may change it (`trainer.manage`); otherwise it only reads. */
  editable: boolean;
}

/** Loads the text, then its form. */
export function KnowledgeBaseText({ assistantId, editable }: KnowledgeBaseTextProps) {
  const { t } = useLingui();
  const knowledge = useKnowledgeBase(assistantId);
  const failureText = useFailureText();
  let content;
  if (knowledge.data) {
    content = (
      <TextForm
        key={assistantId}
        assistantId={assistantId}
        initial={knowledge.data.text}
        editable={editable}
      />
    );
  } else if (knowledge.error) {
    content = <LoadFailed message={failureText(knowledge.error)} onRetry={() => void knowledge.mutate()} />;
  } else content = <Waiting block label={t`Loading the knowledge base…`} />;
  return (
    <Card as="section" aria-labelledby="knowledge-base-title">
      <SectionTitle id="knowledge-base-title">{t`Knowledge Base`}</SectionTitle>
      <Intro>
        {t`Write what the assistant should know: schedules, prices, procedures, contacts. It answers from this text, your FAQs and your files.`}
      </Intro>
      {content}
    </Card>
  );
}

function TextForm({
  assistantId,
  initial,
  editable,
}: {
  assistantId: number;
  initial: string;
  editable: boolean;
}) {
  const { t, i18n } = useLingui();
  const form = useForm(KnowledgeBaseSchema, { text: initial });
  const save = useUpdateKnowledgeBase(assistantId);
  const length = form.values.text.length;
  const count = i18n.number(length);
  const max = i18n.number(MAX_KNOWLEDGE_BASE_LENGTH);

  const submit = form.submit(async (values) => {
    try {
      await save.trigger({ text: values.text });
      notifySuccess(successNotices.updated);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <SubmitForm onSubmit={submit} error={form.formError}>
      <TextField
        multiline
        rows={12}
        label={t`Knowledge base text`}
        {...form.bind('text')}
        maxLength={MAX_KNOWLEDGE_BASE_LENGTH}
        hint={t`${count} / ${max} characters`}
        disabled={!editable}
        waiting={save.isMutating}
      />
      {editable ? (
        <Actions>
          <Button type="submit" waiting={save.isMutating} disabled={length > MAX_KNOWLEDGE_BASE_LENGTH}>
            {t`Save knowledge base`}
          </Button>
        </Actions>
      ) : null}
    </SubmitForm>
  );
}
