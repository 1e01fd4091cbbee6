/**
 * Allowed numbers (`/sales-support/allowed-numbers/{id}`): the sellers' WhatsApp numbers a
 * sales-support assistant serves. Add one (read with the institution's country when typed without
 * `+`; 'Invalid phone number.' on the field, the same number twice said above the form), search by
 * number or seller (500 ms debounce), pages of 5-100, and delete one or the selected rows after a
 * confirmation. A number removed loses access at once. Below, the sellers' questions that were
 * neither a lead nor an order (`seller-questions.tsx`), and for those who manage assistants the
 * WhatsApp channel the numbers write to.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import { SEARCH_DEBOUNCE_MS } from '@conversa/contract/constants';
import { can } from '@conversa/contract/roles';
import { SELLER_NAME_MAX_LENGTH, type AllowedNumber } from '@conversa/contract/sales';
import { useSession } from '@conversa/data/provider';
import {
  useAddAllowedNumber,
  useAllowedNumbers,
  useDeleteAllowedNumbers,
} from '@conversa/data/sales/allowed-numbers';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PhoneField } from '../../components/phone-field/phone-field';
import { useRowSelection } from '../../components/table/use-row-selection';
import { DeleteSelectedButton } from '../../components/selectable-table/bulk-buttons';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import { usePaging } from '../../components/selectable-table/use-paging';
import type { TableColumn } from '../../components/table/table';
import { TextField } from '../../components/text-field/text-field';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Actions, Card, Intro, Page, PageTitle, SubmitForm } from '../../forms/form-layout';
import { AllowedNumberFormSchema } from '../../forms/sales-schemas';
import { useDebounced } from '../../forms/use-debounced';
import { useFailureText } from '../../forms/use-failure-text';
import { useForm } from '../../forms/use-form';
import { useListState } from '../../forms/use-list-state';
import { successMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { FieldGrid } from '../../primitives/field';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { SellerQuestions } from './seller-questions';
import { WhatsappSettingsCard } from './whatsapp-settings';
import { SalesAssistantGate } from './sales-assistant-gate';
import { useInstitutionCountry } from './use-institution-country';

const Wide = styled(Page)`
  max-width: 64rem;
`;

const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  > :first-child {
    flex: 1 1 16rem;
  }
`;

export interface AllowedNumbersPageProps {
  assistantId: number;
}

/** The add form above the list; members without `whitelist.manage` are told they cannot manage it. */
export function AllowedNumbersPage({ assistantId }: AllowedNumbersPageProps) {
  const { t } = useLingui();
  const session = useSession();
  let body;
  if (!can(session.roles, 'whitelist.manage')) {
    body = <EmptyState title={t`You cannot manage the allowed numbers.`} />;
  } else {
    body = (
      <SalesAssistantGate assistantId={assistantId}>
        <>
          <AddNumber assistantId={assistantId} />
          <NumberList assistantId={assistantId} />
          <SellerQuestions assistantId={assistantId} />
          {can(session.roles, 'assistant.manage') ? <WhatsappSettingsCard assistantId={assistantId} /> : null}
        </>
      </SalesAssistantGate>
    );
  }
  return (
    <Wide aria-labelledby="allowed-numbers-title">
      <PageTitle id="allowed-numbers-title">{t`Allowed numbers`}</PageTitle>
      <Intro>
        {t`Only these WhatsApp numbers can ask this assistant about your products and enter leads and orders. A number you remove loses access at once.`}
      </Intro>
      {body}
    </Wide>
  );
}

const blank = { phone_number: '', seller_name: '' };

function AddNumber({ assistantId }: { assistantId: number }) {
  const { t } = useLingui();
  const country = useInstitutionCountry();
  const form = useForm(AllowedNumberFormSchema, blank);
  const add = useAddAllowedNumber();

  const submit = form.submit(async (values) => {
    try {
      await add.trigger({ institution_product_id: assistantId, ...values });
      form.reset(blank);
      notifySuccess(successNotices.phoneAdded);
    } catch (error) {
      form.fail(error);
    }
  });

  return (
    <Card as="section" aria-labelledby="add-number-title">
      <SectionTitle id="add-number-title">{t`Add a number`}</SectionTitle>
      <SubmitForm onSubmit={submit} error={form.formError}>
        <FieldGrid>
          <PhoneField
            label={t`Phone number`}
            name="phone_number"
            required
            defaultCountry={country}
            hint={t`Numbers without a + are read as numbers of your institution's country.`}
            {...form.bind('phone_number')}
          />
          <TextField
            label={t`Seller name`}
            name="seller_name"
            autoComplete="off"
            required
            maxLength={SELLER_NAME_MAX_LENGTH}
            {...form.bind('seller_name')}
          />
        </FieldGrid>
        <Actions>
          <Button type="submit" waiting={add.isMutating}>
            {t`Add number`}
          </Button>
        </Actions>
      </SubmitForm>
    </Card>
  );
}

function NumberList({ assistantId }: { assistantId: number }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts again at page 1.
  const paging = usePaging(q);
  const list = useAllowedNumbers(assistantId, { q, page: paging.page, perPage: paging.perPage });
  const listState = useListState(list);
  const rows = list.data?.items ?? [];
  const selection = useRowSelection(rows);
  const { present, count } = selection;
  /** The rows a confirmed delete removes: one row's own button, or the selection. */
  const [deleting, setDeleting] = useState<AllowedNumber[] | null>(null);
  const remove = useDeleteAllowedNumbers();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.trigger(deleting.map((row) => row.id));
      notifySuccess(successMessage(result.code, result.message));
      selection.drop(deleting.map((row) => row.id));
    } catch (error) {
      notifyError(failureText(error));
    } finally {
      setDeleting(null);
    }
  };

  const columns: TableColumn<AllowedNumber>[] = [
    { key: 'number', header: t`Phone number`, cell: (row) => row.phone_number },
    { key: 'seller', header: t`Seller name`, cell: (row) => row.seller_name },
    { key: 'added', header: t`Added`, cell: (row) => formatDateTime(row.created_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      align: 'end',
      cell: (row) => (
        <Button
          variant="secondary"
          size="small"
          aria-label={t`Delete ${row.phone_number}`}
          onClick={() => setDeleting([row])}
        >
          {t`Delete`}
        </Button>
      ),
    },
  ];

  const empty = !list.isLoading && !list.error && rows.length === 0 && q === '' && paging.page === 1;

  return (
    <Card as="section" aria-labelledby="numbers-title">
      <SectionTitle id="numbers-title">{t`Numbers`}</SectionTitle>
      <Toolbar>
        <TextField
          label={t`Search by number or seller`}
          type="search"
          name="q"
          value={search}
          onChange={setSearch}
        />
        <DeleteSelectedButton count={count} onClick={() => setDeleting(present)} />
      </Toolbar>
      <SelectableTable
        caption={t`Allowed numbers`}
        columns={columns}
        rows={rows}
        {...listState}
        pagination={paging.pagination(list.data?.totalCount ?? 0)}
        selection={{
          state: selection,
          allLabel: t`Select all numbers on this page`,
          rowLabel: (row) => t`Select ${row.phone_number}`,
        }}
        summary={
          count > 0
            ? t({ message: plural(count, { one: '# number selected', other: '# numbers selected' }) })
            : t({
                message: plural(list.data?.totalCount ?? 0, { one: '# number', other: '# numbers' }),
              })
        }
        empty={
          empty ? (
            <EmptyState title={t`No numbers yet. Add your sellers' WhatsApp numbers above.`} />
          ) : undefined
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.length === 1
            ? t`Delete ${deleting[0]!.phone_number}?`
            : t({
                message: plural(deleting?.length ?? 0, {
                  one: 'Delete # number?',
                  other: 'Delete # numbers?',
                }),
              })
        }
        message={t`These sellers can no longer use the assistant on WhatsApp. Their leads and orders are kept.`}
        waiting={remove.isMutating}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
