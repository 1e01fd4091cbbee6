/** The notes of a lead or an order, which members who may write save on their own. */
import type { LeadDetail, OrderDetail } from '@conversa/contract/records';
import { NOTES_MAX_LENGTH } from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import { useUpdateRecord } from '@conversa/data/sales/records';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, SectionHeading } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { successNotices } from '../../i18n/notices';

type Detail = LeadDetail | OrderDetail;

/** The notes, saved with the record's other values as they are (`PUT lead/{id}`, `PUT order/{id}`). */
export function NotesEditor({
  kind,
  detail,
  editable,
}: {
  kind: RecordKind;
  detail: Detail;
  editable: boolean;
}) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [notes, setNotes] = useState(detail.notes ?? '');
  const save = useUpdateRecord(kind, detail.id);
  const submit = async () => {
    const common = {
      institution_product_id: detail.institution_product_id,
      company: detail.company,
      notes,
      fields: detail.fields,
    };
    try {
      if (kind === 'lead') {
        const lead = detail as LeadDetail;
        await save.trigger({
          ...common,
          contact_name: lead.contact_name,
          phone: lead.phone,
          email: lead.email,
        } as never);
      } else {
        await save.trigger({ ...common, lines: (detail as OrderDetail).lines } as never);
      }
      notifySuccess(successNotices.updated);
    } catch (error) {
      notifyError(failureText(error));
    }
  };
  return (
    <Card as="section" aria-labelledby="record-notes">
      <SectionHeading id="record-notes">{t`Notes`}</SectionHeading>
      <TextField
        label={t`Notes`}
        multiline
        rows={4}
        value={notes}
        onChange={setNotes}
        maxLength={NOTES_MAX_LENGTH}
        disabled={!editable}
      />
      {editable ? (
        <Actions>
          <Button
            waiting={save.isMutating}
            disabled={notes === (detail.notes ?? '')}
            onClick={() => void submit()}
          >
            {t`Save notes`}
          </Button>
        </Actions>
      ) : null}
    </Card>
  );
}
