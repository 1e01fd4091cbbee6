/**
 * Deleting an assistant (issue 36; `assistant.manage`): its files (from storage too), passages,
 * website pages, conversations, leads, orders, allowed numbers and WhatsApp channel go, after
 * typing its name.
 */
import { can } from '@conversa/contract/roles';
import { useDeleteAssistants } from '@conversa/data/privacy/deletions';
import { useSession } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog/type-to-confirm-dialog';
import { Card, Intro, SectionHeading } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';

export interface DeleteAssistantSectionProps {
  assistant: { id: number; name: string; institutionId: number };
  /** Called once it is deleted (the app goes somewhere else). */
  onDeleted: () => void;
}

export function DeleteAssistantSection({ assistant, onDeleted }: DeleteAssistantSectionProps) {
  const { t } = useLingui();
  const session = useSession();
  const failureText = useFailureText();
  const remove = useDeleteAssistants();
  const [open, setOpen] = useState(false);
  if (!can(session.roles, 'assistant.manage')) return null;
  const { name } = assistant;

  const confirm = async () => {
    try {
      await remove.trigger({ institutionId: assistant.institutionId, ids: [assistant.id] });
      setOpen(false);
      notifySuccess(t`${name} was deleted.`);
      onDeleted();
    } catch (caught) {
      setOpen(false);
      notifyError(failureText(caught));
    }
  };

  return (
    <Card as="section" aria-labelledby="delete-assistant-title">
      <SectionHeading id="delete-assistant-title">{t`Delete this assistant`}</SectionHeading>
      <Intro>{t`Its files, conversations, leads, orders, allowed numbers and WhatsApp channel go for good.`}</Intro>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>{t`Delete assistant`}</Button>
      </div>
      <TypeToConfirmDialog
        open={open}
        title={t`Delete the assistant ${name}?`}
        message={t`Everything it holds is deleted for good, for everyone in your institution. This cannot be undone.`}
        name={name}
        confirmLabel={t`Delete assistant`}
        waiting={remove.isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </Card>
  );
}
