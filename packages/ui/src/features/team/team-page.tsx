/**
 * Team (`/team`, for those with `team.manage`): the institution's members (name, e-mail, role, last
 * active, joined; change a role; remove one or several after a confirmation, their access ending at
 * once) and its pending invitations (send again, revoke), and the invite dialog. A main member's row
 * can be changed only by a main member; the server keeps the last main member and says so.
 */
import { formatDateTime } from '@conversa/contract/date-format';
import type { MemberRole } from '@conversa/contract/roles';
import { can } from '@conversa/contract/roles';
import { grantsMainRole, type Invitation, type Member } from '@conversa/contract/team';
import { useSession } from '@conversa/data/provider';
import { useInvitations, useResendInvitation, useRevokeInvitations } from '@conversa/data/team/invitations';
import { useDeleteMembers, useMembers, useUpdateMember } from '@conversa/data/team/members';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/button/button';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Select } from '../../components/select/select';
import { useRowSelection } from '../../components/table/use-row-selection';
import { DeleteSelectedButton } from '../../components/selectable-table/bulk-buttons';
import { SelectableTable } from '../../components/selectable-table/selectable-table';
import type { TableColumn } from '../../components/table/table';
import { notifyError, notifySuccess } from '../../components/toaster/toaster';
import { Card, Intro, Page, PageTitle, SectionHeading } from '../../forms/form-layout';
import { useFailureText } from '../../forms/use-failure-text';
import { useListState } from '../../forms/use-list-state';
import { successMessage } from '../../i18n/codes';
import { successNotices } from '../../i18n/notices';
import { roleLabels } from '../../i18n/roles';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { InviteDialog } from './invite-dialog';
import { assignableRoles } from './role-matrix';

const Wide = styled(Page)`
  max-width: 72rem;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const RowActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The team page; those without `team.manage` are told they cannot manage it. */
export function TeamPage() {
  const { t } = useLingui();
  const session = useSession();
  const [inviting, setInviting] = useState(false);
  const manager = can(session.roles, 'team.manage');
  return (
    <Wide aria-labelledby="team-title">
      <Header>
        <PageTitle id="team-title">{t`Team`}</PageTitle>
        {manager ? <Button onClick={() => setInviting(true)}>{t`Invite someone`}</Button> : null}
      </Header>
      <Intro>
        {t`The people who work in this institution and what each may do. Someone you remove loses access at once.`}
      </Intro>
      {manager ? (
        <>
          <Members />
          <Invitations />
          <InviteDialog open={inviting} onClose={() => setInviting(false)} />
        </>
      ) : (
        <EmptyState title={t`You cannot manage the team.`} />
      )}
    </Wide>
  );
}

type MemberRow = Member & { id: number };

function Members() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const failureText = useFailureText();
  const list = useMembers();
  const listState = useListState(list);
  const rows = useMemo<MemberRow[]>(
    () => (list.data ?? []).map((row) => ({ ...row, id: row.user_id })),
    [list.data],
  );
  const mainToo = grantsMainRole(session.roles);
  /** A main member's row is only for main members (and platform admins). */
  const editable = (row: MemberRow) => row.role !== 'main' || mainToo;
  const selectable = useMemo(() => rows.filter((row) => row.role !== 'main' || mainToo), [rows, mainToo]);
  const selection = useRowSelection(selectable);
  const { present, count } = selection;
  const [removing, setRemoving] = useState<MemberRow[] | null>(null);
  const update = useUpdateMember();
  const remove = useDeleteMembers();
  const options = assignableRoles(session.roles).map((role) => ({
    value: role,
    label: i18n._(roleLabels[role]),
  }));

  const changeRole = async (row: MemberRow, role: MemberRole) => {
    if (!session.institutionId || role === row.role) return;
    try {
      await update.trigger({ institutionId: session.institutionId, userId: row.user_id, role });
      notifySuccess(successNotices.updated);
    } catch (error) {
      notifyError(failureText(error));
    }
  };

  const confirmRemove = async () => {
    if (!removing || !session.institutionId) return;
    try {
      const result = await remove.trigger({
        institutionId: session.institutionId,
        userIds: removing.map((row) => row.user_id),
      });
      notifySuccess(successMessage(result.code, result.message));
      selection.drop(removing.map((row) => row.id));
    } catch (error) {
      notifyError(failureText(error));
    } finally {
      setRemoving(null);
    }
  };

  const columns: TableColumn<MemberRow>[] = [
    { key: 'name', header: t`Name`, cell: (row) => row.full_name || '—' },
    { key: 'email', header: t`Email`, cell: (row) => row.email },
    {
      key: 'role',
      header: t`Role`,
      width: '14rem',
      cell: (row) =>
        editable(row) ? (
          <Select
            label={<VisuallyHidden>{t`Role of ${row.email}`}</VisuallyHidden>}
            size="small"
            options={options}
            value={row.role}
            disabled={update.isMutating}
            onChange={(role) => void changeRole(row, role as MemberRole)}
          />
        ) : (
          i18n._(roleLabels[row.role])
        ),
    },
    {
      key: 'active',
      header: t`Last active`,
      cell: (row) => (row.last_active_at ? formatDateTime(row.last_active_at) : t`Never`),
    },
    { key: 'joined', header: t`Joined`, cell: (row) => formatDateTime(row.joined_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      align: 'end',
      cell: (row) =>
        editable(row) ? (
          <Button
            variant="secondary"
            size="small"
            aria-label={t`Remove ${row.email}`}
            onClick={() => setRemoving([row])}
          >
            {t`Remove`}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card as="section" aria-labelledby="members-title">
      <Header>
        <SectionHeading id="members-title">{t`Members`}</SectionHeading>
        <DeleteSelectedButton count={count} onClick={() => setRemoving(present)}>
          {t`Remove selected`}
        </DeleteSelectedButton>
      </Header>
      <SelectableTable
        caption={t`Members`}
        columns={columns}
        rows={rows}
        {...listState}
        selection={{
          state: selection,
          allLabel: t`Select all members`,
          rowLabel: (row) => t`Select ${row.email}`,
          canSelect: editable,
        }}
        summary={
          count > 0
            ? t({ message: plural(count, { one: '# member selected', other: '# members selected' }) })
            : t({ message: plural(rows.length, { one: '# member', other: '# members' }) })
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={
          removing?.length === 1
            ? t`Remove ${removing[0]!.full_name || removing[0]!.email}?`
            : t({
                message: plural(removing?.length ?? 0, {
                  one: 'Remove # member?',
                  other: 'Remove # members?',
                }),
              })
        }
        message={t`They lose access to this institution at once. Their work stays.`}
        confirmLabel={t`Remove`}
        waiting={remove.isMutating}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

function Invitations() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const failureText = useFailureText();
  const list = useInvitations();
  const listState = useListState(list);
  const rows = list.data ?? [];
  const resend = useResendInvitation();
  const revoke = useRevokeInvitations();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const mainToo = grantsMainRole(session.roles);

  const sendAgain = async (row: Invitation) => {
    setResending(row.id);
    try {
      await resend.trigger(row.id);
      notifySuccess(t`Invitation sent again to ${row.email}.`);
    } catch (error) {
      notifyError(failureText(error));
    } finally {
      setResending(null);
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.trigger([revoking.id]);
      notifySuccess(t`Invitation revoked.`);
    } catch (error) {
      notifyError(failureText(error));
    } finally {
      setRevoking(null);
    }
  };

  const columns: TableColumn<Invitation>[] = [
    { key: 'email', header: t`Email`, cell: (row) => row.email },
    { key: 'role', header: t`Role`, cell: (row) => i18n._(roleLabels[row.role]) },
    { key: 'by', header: t`Invited by`, cell: (row) => row.invited_by },
    { key: 'sent', header: t`Sent`, cell: (row) => formatDateTime(row.created_at) },
    {
      key: 'expires',
      header: t`Expires`,
      cell: (row) => (row.state === 'expired' ? t`Expired` : formatDateTime(row.expires_at)),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t`Actions`}</VisuallyHidden>,
      align: 'end',
      // A main invitation is only for main members to touch.
      cell: (row) =>
        row.role !== 'main' || mainToo ? (
          <RowActions>
            <Button
              variant="secondary"
              size="small"
              aria-label={t`Send again to ${row.email}`}
              waiting={resending === row.id}
              disabled={resending !== null}
              onClick={() => void sendAgain(row)}
            >
              {t`Send again`}
            </Button>
            <Button
              variant="secondary"
              size="small"
              aria-label={t`Revoke the invitation to ${row.email}`}
              onClick={() => setRevoking(row)}
            >
              {t`Revoke`}
            </Button>
          </RowActions>
        ) : null,
    },
  ];

  const empty = !list.isLoading && !list.error && rows.length === 0;
  return (
    <Card as="section" aria-labelledby="invitations-title">
      <SectionHeading id="invitations-title">{t`Pending invitations`}</SectionHeading>
      <SelectableTable
        caption={t`Pending invitations`}
        columns={columns}
        rows={rows}
        {...listState}
        empty={empty ? <EmptyState title={t`No pending invitations.`} /> : undefined}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke the invitation to ${revoking?.email ?? ''}?`}
        message={t`The link stops working. You can invite the address again later.`}
        confirmLabel={t`Revoke`}
        waiting={revoke.isMutating}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
