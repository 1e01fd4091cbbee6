/**
 * 'New lead' / 'New order' on the Leads and Orders pages: the record's form (record-form.tsx) in a
 * dialog. The staff member is the new record's seller; once created it is announced, the dialog
 * closes and the list (newest first) shows it.
 */
import type { RecordKind } from '@conversa/contract/sales';
import { useRecordFields } from '@conversa/data/sales/record-fields';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/dialog/dialog';
import { Waiting } from '../../components/waiting/waiting';
import { LoadFailed } from '../../forms/load-failed';
import { useFailureText } from '../../forms/use-failure-text';
import { RecordForm } from './record-form';

export interface NewRecordDialogProps {
  kind: RecordKind;
  assistantId: number;
  open: boolean;
  onClose: () => void;
}

export function NewRecordDialog({ kind, assistantId, open, onClose }: NewRecordDialogProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const fields = useRecordFields(open ? assistantId : null, kind);
  let body;
  if (fields.data)
    body = (
      <RecordForm
        kind={kind}
        assistantId={assistantId}
        definitions={fields.data.fields}
        onSaved={onClose}
        onCancel={onClose}
      />
    );
  else if (fields.error)
    body = <LoadFailed message={failureText(fields.error)} onRetry={() => void fields.mutate()} />;
  else
    body = (
      <Waiting block label={kind === 'lead' ? t`Loading the lead fields…` : t`Loading the order fields…`} />
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="large"
      title={kind === 'lead' ? t`New lead` : t`New order`}
      description={t`You are entered as its seller.`}
    >
      {body}
    </Dialog>
  );
}
