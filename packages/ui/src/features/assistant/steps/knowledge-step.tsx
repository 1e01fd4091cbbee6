/**
 * Setup step 'knowledge' (optional): a first knowledge-base text and/or files. The text is saved
 * with `PUT …/knowledge-base`, the files uploaded with `POST …/file`; they are processed in the
 * background and their states show in the trainer.
 */
import { MAX_KNOWLEDGE_BASE_LENGTH } from '@conversa/contract/assistant';
import type { AssistantDetail } from '@conversa/contract/assistant';
import { useUpdateKnowledgeBase } from '@conversa/data/knowledge/update-knowledge-base';
import { useUploadFiles } from '@conversa/data/knowledge/upload-files';
import { isApiRequestError } from '@conversa/data/errors';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileDrop } from '../../../components/file-drop/file-drop';
import { TextField } from '../../../components/text-field/text-field';
import { notifyError } from '../../../components/toaster/toaster';
import { formErrors } from '../../../forms/field-errors';
import { errorNotices } from '../../../i18n/notices';
import { Note } from '../parts';
import { StepForm } from './step-form';

export interface KnowledgeStepProps {
  assistant: AssistantDetail;
  /** What was sent, for the last step's summary. */
  onSaved: (sent: { text: boolean; files: number }) => void;
  onSkip: () => void;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
}

/** Saves what was given (the text first, then the files); a refused upload keeps the files chosen. */
export function KnowledgeStep({ assistant, onSaved, onSkip, onBack, onBusy }: KnowledgeStepProps) {
  const { t, i18n } = useLingui();
  const saveText = useUpdateKnowledgeBase(assistant.id);
  const upload = useUploadFiles(assistant.id);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [textError, setTextError] = useState<string | undefined>();
  const [filesError, setFilesError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const waiting = saveText.isMutating || upload.isMutating;

  const submit = async () => {
    setTextError(undefined);
    setFilesError(undefined);
    setFormError(null);
    const hasText = text.trim() !== '';
    if (!hasText && files.length === 0) {
      onSkip();
      return;
    }
    onBusy(true);
    try {
      if (hasText) {
        try {
          await saveText.trigger({ text });
        } catch (error) {
          const shown = formErrors(error, ['text'], i18n);
          setTextError(shown.fields.text);
          setFormError(shown.form);
          return;
        }
      }
      if (files.length > 0) {
        try {
          await upload.trigger(files);
        } catch (error) {
          notifyError(errorNotices.uploadFailed);
          const issue = isApiRequestError(error)
            ? error.issues.find((found) => found.path === 'files')
            : undefined;
          setFilesError(issue ? issue.message : (formErrors(error, [], i18n).form ?? undefined));
          return;
        }
      }
    } finally {
      // Unlocked before moving on: a locked wizard ignores moves.
      onBusy(false);
    }
    onSaved({ text: hasText, files: files.length });
  };

  return (
    <StepForm
      onSubmit={() => void submit()}
      submitLabel={t`Save and finish`}
      onBack={onBack}
      onSkip={onSkip}
      waiting={waiting}
      error={formError}
    >
      <Note>
        {t`Teach the assistant about your institution: paste what it should know, upload documents, or both. You can add more in the trainer at any time.`}
      </Note>
      <TextField
        label={t`Knowledge base`}
        multiline
        rows={8}
        value={text}
        onChange={setText}
        maxLength={MAX_KNOWLEDGE_BASE_LENGTH}
        error={textError}
        hint={t`${i18n.number(text.length)} of ${i18n.number(MAX_KNOWLEDGE_BASE_LENGTH)} characters. E.g. opening hours, prices, how to apply.`}
      />
      <FileDrop
        label={t`Documents`}
        files={files}
        onChange={setFiles}
        error={filesError}
        waiting={upload.isMutating}
      />
    </StepForm>
  );
}
