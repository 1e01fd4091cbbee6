/**
 * 'What each role can do': one row per member role, its permissions in words, generated from the
 * contract's role matrix (`ROLE_PERMISSIONS`), so the table and the server never disagree.
 */
import { MEMBER_ROLES, type MemberRole, type Role, ROLE_PERMISSIONS } from '@conversa/contract/roles';
import { grantsMainRole } from '@conversa/contract/team';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { permissionLabels, roleLabels } from '../../i18n/roles';

/** The roles someone acting with `roles` may give: the main role only for main members and platform admins. */
export function assignableRoles(roles: readonly Role[]): MemberRole[] {
  return MEMBER_ROLES.filter((role) => role !== 'main' || grantsMainRole(roles));
}

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.8125rem;
  caption {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: 0.875rem;
    font-weight: 700;
    text-align: start;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  tbody th {
    font-weight: 600;
    white-space: nowrap;
  }
`;

const Row = styled.tr<{ $chosen: boolean }>`
  background: ${({ theme, $chosen }) => ($chosen ? theme.colors.hover : 'transparent')};
`;

export interface RoleMatrixProps {
  /** The roles listed (default: every member role). */
  roles?: readonly MemberRole[];
  /** The role picked now: its row is marked. */
  chosen?: MemberRole | '';
}

/** A table of the roles and, for each, what it allows. */
export function RoleMatrix({ roles = MEMBER_ROLES, chosen = '' }: RoleMatrixProps) {
  const { t, i18n } = useLingui();
  return (
    <Grid>
      <caption>{t`What each role can do`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Role`}</th>
          <th scope="col">{t`Can`}</th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <Row key={role} $chosen={role === chosen} aria-current={role === chosen ? 'true' : undefined}>
            <th scope="row">{i18n._(roleLabels[role])}</th>
            <td>
              {ROLE_PERMISSIONS[role].map((permission) => i18n._(permissionLabels[permission])).join(', ')}
            </td>
          </Row>
        ))}
      </tbody>
    </Grid>
  );
}
