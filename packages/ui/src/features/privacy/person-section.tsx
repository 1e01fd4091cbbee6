/**
 * One person's data on the Data page (issue 36): search by e-mail or phone, see what is held (counts
 * with links to each conversation, lead, order and allowed number), download it all as JSON, and
 * erase it after a confirmation. For team managers.
 */
import type { PersonItem, PersonQuery, PersonSummary } from '@conversa/contract/privacy';
import { exportPerson, usePerson, useErasePerson } from '@conversa/data/privacy/person';
import { useDataClient } from '@conversa/data/provider';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { NavLink } from '../../components/sidebar/nav-link';
import { consolePaths } from '../../components/sidebar/paths';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Waiting } from '../../components/waiting/waiting';
import { Actions, Card, Intro, SectionHeading, SubmitForm } from '../../forms/form-layout';
import { formErrors } from '../../forms/field-errors';
import { useFailureText } from '../../forms/use-failure-text';
import { saveFile } from '../../primitives/save-file';

const Groups = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Links = styled.ul`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding-left: ${({ theme }) => theme.space(4)};
`;

export interface PersonSectionProps {
  institutionId: number;
  /** Follows a link inside the console (the app's router). */
  onNavigate: (path: string) => void;
}

type Group = 'conversations' | 'contacts' | 'leads' | 'orders' | 'allowed_numbers';

const hrefOf: Record<Group, (item: PersonItem) => string> = {
  conversations: (item) => consolePaths.preSalesConversation(item.assistant_id, String(item.id)),
  contacts: (item) => consolePaths.preSalesConversation(item.assistant_id, String(item.id)),
  leads: (item) => consolePaths.salesSupportLead(item.assistant_id, item.id),
  orders: (item) => consolePaths.salesSupportOrder(item.assistant_id, item.id),
  allowed_numbers: (item) => consolePaths.salesSupportAllowedNumbers(item.assistant_id),
};

export function PersonSection({ institutionId, onNavigate }: PersonSectionProps) {
  const { t, i18n } = useLingui();
  const client = useDataClient();
  const failureText = useFailureText();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [query, setQuery] = useState<PersonQuery | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const found = usePerson(institutionId, query);
  const erase = useErasePerson();
  const errors = found.error ? formErrors(found.error, ['email', 'phone'], i18n) : null;

  const search = () => setQuery({ email: email.trim(), phone: phone.trim() });

  const download = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const data = await exportPerson(client, institutionId, query);
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'person-export.json');
    } catch (caught) {
      notifyError(failureText(caught));
    } finally {
      setExporting(false);
    }
  };

  const confirmErase = async () => {
    if (!query) return;
    try {
      await erase.trigger({ institutionId, person: query });
      setConfirming(false);
      notifySuccess(t`Their data was erased.`);
    } catch (caught) {
      setConfirming(false);
      notifyError(failureText(caught));
    }
  };

  const groups: { key: Group; label: string }[] = [
    { key: 'conversations', label: t`Conversations` },
    { key: 'contacts', label: t`Contacts left in the chat` },
    { key: 'leads', label: t`Leads` },
    { key: 'orders', label: t`Orders` },
    { key: 'allowed_numbers', label: t`Allowed numbers` },
  ];
  const summary: PersonSummary | undefined = found.data;
  const total = summary
    ? groups.reduce((sum, group) => sum + summary[group.key].count, 0) + summary.whatsapp_messages.count
    : 0;

  return (
    <Card as="section" aria-labelledby="person-title">
      <SectionHeading id="person-title">{t`One person's data`}</SectionHeading>
      <Intro>
        {t`Find what is held about a family or a customer by their e-mail or phone, download it, or erase it.`}
      </Intro>
      <SubmitForm onSubmit={search} error={errors?.form}>
        <TextField
          label={t`E-mail`}
          type="email"
          value={email}
          onChange={setEmail}
          error={errors?.fields.email}
        />
        <TextField
          label={t`Phone`}
          type="tel"
          value={phone}
          onChange={setPhone}
          error={errors?.fields.phone}
        />
        <Actions>
          <Button type="submit" variant="secondary" waiting={found.isLoading}>{t`Search`}</Button>
        </Actions>
      </SubmitForm>
      {found.isLoading ? <Waiting block /> : null}
      {summary ? (
        <div aria-live="polite">
          <Groups aria-label={t`What is held`}>
            {groups.map((group) => (
              <li key={group.key}>
                {group.label}: {summary[group.key].count}
                {summary[group.key].items.length > 0 ? (
                  <Links>
                    {summary[group.key].items.map((item) => (
                      <li key={`${group.key}-${item.id}`}>
                        <NavLink href={hrefOf[group.key](item)} onNavigate={onNavigate}>
                          {item.assistant_name} · {String(item.id).slice(0, 8)}
                        </NavLink>
                      </li>
                    ))}
                  </Links>
                ) : null}
              </li>
            ))}
            <li>
              {t`WhatsApp messages`}: {summary.whatsapp_messages.count}
            </li>
          </Groups>
          <Actions>
            <Button variant="secondary" waiting={exporting} onClick={() => void download()}>
              {t`Download their data`}
            </Button>
            <Button variant="danger" disabled={total === 0} onClick={() => setConfirming(true)}>
              {t`Erase their data`}
            </Button>
          </Actions>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t`Erase this person's data?`}
        message={t`Their conversations, contacts, leads, orders, WhatsApp messages and allowed numbers are removed for good. Leads and orders they entered as a seller keep the record without their name and number. This cannot be undone.`}
        confirmLabel={t`Erase`}
        waiting={erase.isMutating}
        onConfirm={() => void confirmErase()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
