/**
 * The assistant's files: a drop zone to upload TXT/DOCX/PDF (the drop zone checks type, size and
 * count first), and the list with each file's state, kept live by the server's events (no reload,
 * no polling). State changes are announced in a polite live region. Single and bulk delete ask first.
 */
import { ValidationCode } from '@conversa/contract/codes';
import type { AssistantFile, FileEvent, FileState } from '@conversa/contract/knowledge';
import { isApiRequestError } from '@conversa/data/errors';
import { useDeleteFiles } from '@conversa/data/knowledge/delete-files';
import { useFiles } from '@conversa/data/knowledge/list-files';
import { useAssistantEvents } from '@conversa/data/knowledge/assistant-events';
import { useUploadFiles } from '@conversa/data/knowledge/upload-files';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { FileDrop } from '../../components/file-drop/file-drop';
import { DeleteSelectedButton } from '../../components/selectable-table/bulk-buttons';
import { useRowSelection } from '../../components/table/use-row-selection';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, SubmitForm } from '../../forms/form-layout';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { successMessage, validationMessage } from '../../i18n/codes';
import { errorNotices } from '../../i18n/notices';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { Muted } from '../../primitives/muted';
import { fileStatusText } from './file-texts';
import { FilesTable } from './files-table';
import { SectionTitle } from './trainer-layout';
import { FILES_ANCHOR } from './trainer-tabs';

const Heading = styled(SectionTitle)`
  scroll-margin-top: ${({ theme }) => theme.space(4)};
  &:focus {
    outline: none;
  }
`;

export interface FilesSectionProps {
  assistantId: number;
  /** The user may upload and delete (`trainer.manage`); otherwise the list only reads. */
  editable: boolean;
  /** Bring the section into view and focus its heading (the Files tab was chosen). */
  focus?: boolean;
}

/** Upload form, live list and delete confirmation. */
export function FilesSection({ assistantId, editable, focus = false }: FilesSectionProps) {
  const { t, i18n } = useLingui();
  const files = useFiles(assistantId);
  const failureText = useFailureText();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');

  // The states last shown, so an event is announced only when it changes what the user sees.
  const shown = useRef(new Map<number, FileState>());
  useEffect(() => {
    shown.current = new Map((files.data ?? []).map((file) => [file.id, file.state]));
  }, [files.data]);
  useAssistantEvents(assistantId, (event: FileEvent) => {
    if (event.deleted || event.state === 'processing' || shown.current.get(event.id) === event.state) return;
    shown.current.set(event.id, event.state);
    setAnnouncement(`${event.name}: ${fileStatusText(event, i18n)}`);
    // A failure seen live is the catalogue's error (SPEC §8); the row and the status say which file and why.
    if (event.state === 'failed') notifyError(errorNotices.fileNotProcessed);
  });

  useEffect(() => {
    if (!focus) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focus]);

  let list;
  if (files.data) {
    list = (
      <FilesList
        assistantId={assistantId}
        files={files.data}
        editable={editable}
        onDeleted={() => heading.current?.focus()}
      />
    );
  } else if (files.error) {
    list = <LoadFailed message={failureText(files.error)} onRetry={() => void files.mutate()} />;
  } else list = <FilesTable files={[]} waiting />;

  return (
    <Card as="section" aria-labelledby="files-title">
      <Heading id={FILES_ANCHOR} ref={heading} tabIndex={-1}>
        <span id="files-title">{t`Files`}</span>
      </Heading>
      <Intro>{t`Upload documents the assistant should learn from. Each file is read in the background; its state updates here by itself.`}</Intro>
      {editable ? <UploadForm assistantId={assistantId} onUploaded={setAnnouncement} /> : null}
      {list}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Card>
  );
}

/** The drop zone and its Upload button; a failed upload is toasted and explained under the zone. */
function UploadForm({
  assistantId,
  onUploaded,
}: {
  assistantId: number;
  onUploaded: (message: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadFiles(assistantId);
  const failureText = useFailureText();

  const submit = async () => {
    if (chosen.length === 0) {
      setError(validationMessage(ValidationCode.fileRequired, {}, i18n));
      return;
    }
    try {
      const uploaded = await upload.trigger(chosen);
      setChosen([]);
      const count = uploaded.length;
      onUploaded(
        t({
          message: plural(count, {
            one: "# file uploaded. we're processing your file, it will be available shortly",
            other: "# files uploaded. we're processing your files, they will be available shortly",
          }),
        }),
      );
    } catch (failure) {
      notifyError(errorNotices.uploadFailed);
      // The server names the refused file in its issues ('x.pdf: Only TXT, DOCX and PDF…'), in our locale.
      const issues = isApiRequestError(failure)
        ? failure.issues.filter((issue) => issue.path === 'files')
        : [];
      setError(issues.length > 0 ? issues.map((issue) => issue.message).join(' ') : failureText(failure));
    }
  };

  return (
    <SubmitForm onSubmit={submit}>
      <FileDrop
        label={t`Add files`}
        files={chosen}
        onChange={(next) => {
          setError(null);
          setChosen(next);
        }}
        required
        error={error ?? undefined}
        waiting={upload.isMutating}
      />
      <Actions>
        <Button type="submit" waiting={upload.isMutating}>
          {t`Upload`}
        </Button>
      </Actions>
    </SubmitForm>
  );
}

/** The list with selection and delete; `onDeleted` gets focus somewhere sensible after a deletion. */
function FilesList({
  assistantId,
  files,
  editable,
  onDeleted,
}: {
  assistantId: number;
  files: AssistantFile[];
  editable: boolean;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  // Files deleted elsewhere (another tab, an event) leave the selection too.
  const selection = useRowSelection(files);
  const { present, count } = selection;
  const [pending, setPending] = useState<AssistantFile[] | null>(null);
  const remove = useDeleteFiles(assistantId);
  const failureText = useFailureText();

  const confirm = async () => {
    if (!pending) return;
    try {
      const result = await remove.trigger(pending.map((file) => file.id));
      notifySuccess(successMessage(result.code, result.message));
      selection.drop(pending.map((file) => file.id));
      setPending(null);
      // The rows (and the buttons that opened the dialog) are gone: focus the section instead.
      requestAnimationFrame(onDeleted);
    } catch (error) {
      setPending(null);
      notifyError(failureText(error));
    }
  };

  if (files.length === 0) {
    return (
      <EmptyState title={t`No files yet`}>
        <Muted>{t`Upload TXT, DOCX or PDF files and the assistant will learn from them.`}</Muted>
      </EmptyState>
    );
  }

  return (
    <>
      <FilesTable
        files={files}
        selection={editable ? { state: selection, onDelete: (file) => setPending([file]) } : undefined}
        summary={
          editable
            ? count > 0
              ? t({ message: plural(count, { one: '# file selected', other: '# files selected' }) })
              : t({ message: plural(files.length, { one: '# file', other: '# files' }) })
            : undefined
        }
        actions={
          editable ? <DeleteSelectedButton count={count} onClick={() => setPending(present)} /> : undefined
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.length === 1
            ? t`Delete ${pending[0]!.name}?`
            : // Several files (one is named above).
              t({
                message: plural(pending?.length ?? 0, { one: 'Delete # file?', other: 'Delete # files?' }),
              })
        }
        message={t`The assistant forgets what it learnt from them. This cannot be undone.`}
        waiting={remove.isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
