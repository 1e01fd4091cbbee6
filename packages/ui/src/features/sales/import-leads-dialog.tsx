/**
 * 'Import CSV' on the Leads page (`POST lead/import`): a CSV of leads with the download's columns,
 * in either language, up to 10 MB. The chosen file is checked first (`dry_run=true`): how many
 * leads it holds, and each refused row with its line and reasons. 'Import N leads' then imports the
 * good rows; the list refreshes. A file refused whole (not a CSV, unknown columns, too large) is
 * said under the file.
 */
import { LEAD_IMPORT_MAX_BYTES, type LeadImportResult } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { useDataClient } from '@conversa/data/provider';
import { useRecordFields } from '@conversa/data/sales/record-fields';
import { importLeads } from '@conversa/data/sales/records';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { Dialog, DialogFooter } from '../../components/dialog/dialog';
import { FileDrop } from '../../components/file-drop/file-drop';
import { CSV_TYPES } from '../../components/file-drop/file-rules';
import { Table } from '../../components/table/table';
import { notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { formErrors } from '../../forms/field-errors';
import { issueMessage } from '../../i18n/codes';
import { MutedParagraph } from '../../primitives/muted';

/** Refused rows listed at most; the count says how many there are. */
const SHOWN_REFUSALS = 100;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Summary = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Reasons = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A checked file and what the check found. */
interface Checked {
  file: File;
  result: LeadImportResult;
}

export interface ImportLeadsDialogProps {
  assistantId: number;
  open: boolean;
  onClose: () => void;
}

export function ImportLeadsDialog({ assistantId, open, onClose }: ImportLeadsDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="large"
      title={t`Import leads`}
      description={t`Use the columns of the leads download, in English or Spanish. The file is checked first: nothing is imported until you confirm.`}
    >
      {/* Mounted only while open: each opening starts with no file. */}
      {open ? <ImportLeads assistantId={assistantId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ImportLeads({ assistantId, onClose }: { assistantId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const client = useDataClient();
  const definitions = useRecordFields(assistantId, 'lead').data?.fields ?? [];
  const [files, setFiles] = useState<File[]>([]);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  /** The file chosen last: an answer about an earlier one is dropped. */
  const latest = useRef<File | null>(null);

  /** A file refused whole: its reason (on `file`), or the call's. */
  const refusalOf = (error: unknown) => {
    const { fields, form } = formErrors(error, ['file'], i18n);
    return fields.file ?? form ?? '';
  };

  const choose = async (next: File[]) => {
    const file = next[0] ?? null;
    latest.current = file;
    setFiles(next);
    setChecked(null);
    setRefusal(null);
    if (!file) return;
    setBusy('checking');
    try {
      const result = await importLeads(client, assistantId, file, true);
      if (latest.current === file) setChecked({ file, result });
    } catch (error) {
      if (latest.current === file) setRefusal(refusalOf(error));
    } finally {
      if (latest.current === file) setBusy(null);
    }
  };

  const run = async () => {
    if (!checked) return;
    setBusy('importing');
    try {
      const result = await importLeads(client, assistantId, checked.file, false);
      notifySuccess(
        t({ message: plural(result.imported, { one: '# lead imported.', other: '# leads imported.' }) }),
      );
      onClose();
    } catch (error) {
      setChecked(null);
      setRefusal(refusalOf(error));
      setBusy(null);
    }
  };

  const good = checked?.result.imported ?? 0;
  return (
    <Stack>
      <FileDrop
        label={t`CSV file`}
        files={files}
        onChange={(next) => void choose(next)}
        maxFiles={1}
        maxMb={LEAD_IMPORT_MAX_BYTES / 1024 / 1024}
        types={CSV_TYPES}
        typeNames="CSV"
        disabled={busy !== null}
        error={refusal ?? undefined}
      />
      {busy === 'checking' ? <Waiting label={t`Checking the file…`} showLabel size="small" /> : null}
      {checked ? <Report result={checked.result} definitions={definitions} /> : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t`Cancel`}
        </Button>
        <Button disabled={good === 0} waiting={busy === 'importing'} onClick={() => void run()}>
          {good > 0 ? t`Import ${plural(good, { one: '# lead', other: '# leads' })}` : t`Import leads`}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** What the check found: the leads to import, and the refused rows with their lines and reasons. */
function Report({
  result,
  definitions,
}: {
  result: LeadImportResult;
  definitions: readonly FieldDefinition[];
}) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'es' ? 'es' : 'en';
  const names: Record<string, string> = {
    company: t`Company`,
    contact_name: t`Contact`,
    phone: t`Phone`,
    email: t`Email`,
    notes: t`Notes`,
    ...Object.fromEntries(definitions.map((field) => [`fields.${field.key}`, field.labels[language]])),
  };
  /** The column an issue's path names, as the reader calls it. */
  const nameOf = (path: string) => names[path] ?? path.replace(/^fields\./, '');
  const refused = result.refused.length;
  let summary;
  if (result.imported === 0 && refused === 0) summary = t`The file holds no leads.`;
  else if (result.imported === 0) summary = t`No row can be imported.`;
  else
    summary = t({
      message: plural(result.imported, {
        one: '# lead is ready to import.',
        other: '# leads are ready to import.',
      }),
    });
  return (
    <>
      <Summary role="status">
        {summary}{' '}
        {refused > 0
          ? t({
              message: plural(refused, {
                one: '# row is refused and will be left out:',
                other: '# rows are refused and will be left out:',
              }),
            })
          : null}
      </Summary>
      {refused > 0 ? (
        <Table
          caption={t`Refused rows`}
          rows={result.refused.slice(0, SHOWN_REFUSALS)}
          rowKey={(row) => row.line}
          columns={[
            { key: 'line', header: t`Line`, width: '5rem', cell: (row) => row.line },
            {
              key: 'reason',
              header: t`Reason`,
              cell: (row) => (
                <Reasons>
                  {row.issues.map((issue, index) => (
                    <li key={index}>
                      {issue.path ? `${nameOf(issue.path)}: ` : null}
                      {issueMessage(issue, i18n)}
                    </li>
                  ))}
                </Reasons>
              ),
            },
          ]}
        />
      ) : null}
      {refused > SHOWN_REFUSALS ? (
        <MutedParagraph>{t`The first ${SHOWN_REFUSALS} refused rows are shown.`}</MutedParagraph>
      ) : null}
    </>
  );
}
