/**
 * Deleting the institution (issue 36; main members only): its assistants with everything they hold,
 * its members' access and invitations go, after typing its name. The app then goes to the start.
 */
import { useInstitution } from '@conversa/data/institutions/get-institution';
import { useDeleteInstitution } from '@conversa/data/privacy/deletions';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { notifySuccess } from '../../components/toaster/toaster';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog/type-to-confirm-dialog';
import { Card, Intro, SectionHeading } from '../../forms/form-layout';
import { formErrors } from '../../forms/field-errors';

export interface DeleteInstitutionSectionProps {
  institutionId: number;
  /** Called once it is deleted (the app goes somewhere else). */
  onDeleted: () => void;
}

export function DeleteInstitutionSection({ institutionId, onDeleted }: DeleteInstitutionSectionProps) {
  const { t, i18n } = useLingui();
  const { data: institution } = useInstitution(institutionId);
  const remove = useDeleteInstitution();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!institution) return null;
  const name = institution.name;

  const confirm = async (typed: string) => {
    setError(null);
    try {
      await remove.trigger({ institutionId, confirmName: typed });
      setOpen(false);
      notifySuccess(t`${name} was deleted.`);
      onDeleted();
    } catch (caught) {
      const failure = formErrors(caught, ['confirm_name'], i18n);
      setError(failure.fields.confirm_name ?? failure.form);
    }
  };

  return (
    <Card as="section" aria-labelledby="delete-institution-title">
      <SectionHeading id="delete-institution-title">{t`Delete this institution`}</SectionHeading>
      <Intro>
        {t`Its assistants, files, conversations, leads, orders and team go for good. The audit log is kept for its legal hold of 180 days.`}
      </Intro>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>{t`Delete institution`}</Button>
      </div>
      <TypeToConfirmDialog
        open={open}
        title={t`Delete ${name}?`}
        message={t`Everything it holds is deleted for good, for everyone in it. This cannot be undone.`}
        name={name}
        confirmLabel={t`Delete institution`}
        waiting={remove.isMutating}
        error={error}
        onConfirm={(typed) => void confirm(typed)}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </Card>
  );
}
