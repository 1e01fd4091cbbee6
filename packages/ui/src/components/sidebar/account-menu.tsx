/** The avatar (initials of the first two words of the name) and its menu of profile pages and logout. */
import type { InstitutionKind } from '@conversa/contract/institution';
import type { Role } from '@conversa/contract/roles';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '../headless/headless';
import { menuEntryStyle, menuListStyle } from '../menu/menu';
import { Icon } from './icons';
import { NavLink } from './nav-link';
import { accountEntries, initials, type SidebarInstitution } from './navigation';

const Trigger = styled(MenuButton)<{ $expanded: boolean }>`
  display: flex;
  flex-direction: ${({ $expanded }) => ($expanded ? 'row' : 'column')};
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  padding: ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  text-align: start;
  cursor: pointer;
  &:hover,
  &[data-open] {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Avatar = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.9375rem;
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const Name = styled.span`
  overflow: hidden;
  font-size: 0.875rem;
  font-weight: 600;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// Above the sidebar's drawer, and wide enough for the institutions' names.
const Items = styled(MenuItems)`
  ${menuListStyle}
  z-index: 60;
  min-width: 13rem;
`;

const Item = styled(NavLink)<{ $danger?: boolean }>`
  ${menuEntryStyle}
`;

const Switch = styled.button<{ $danger?: boolean }>`
  ${menuEntryStyle}
`;

const Heading = styled(MenuHeading)`
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
  font-weight: 600;
`;

const Separator = styled(MenuSeparator)`
  height: 1px;
  margin: ${({ theme }) => theme.space(1)} 0;
  background: ${({ theme }) => theme.colors.border};
`;

export interface AccountMenuProps {
  fullName: string;
  institutionKind: InstitutionKind | null;
  onNavigate: (path: string) => void;
  /** Shows the name beside the avatar (expanded sidebar, drawer). */
  expanded: boolean;
  anchor?: 'right end' | 'top start';
  /** The session's roles: the team entry shows for `team.manage`. */
  roles?: readonly Role[];
  /** The user's institutions; with more than one, the menu offers to switch to the others. */
  institutions?: readonly SidebarInstitution[];
  /** The institution the session acts in. */
  institutionId?: number | null;
  onSwitchInstitution?: (id: number) => void;
}

/** The avatar button; its menu links to about you, about your school/business, password and logout. */
export function AccountMenu({
  fullName,
  institutionKind,
  onNavigate,
  expanded,
  anchor = 'right end',
  roles = [],
  institutions = [],
  institutionId = null,
  onSwitchInstitution,
}: AccountMenuProps) {
  const { t, i18n } = useLingui();
  const letters = initials(fullName);
  const entries = accountEntries(institutionKind, roles);
  const others =
    onSwitchInstitution && institutions.length > 1
      ? institutions.filter((institution) => institution.id !== institutionId)
      : [];
  return (
    <Menu>
      <Trigger $expanded={expanded}>
        <Avatar aria-hidden="true">{letters || <Icon name="person" size={20} />}</Avatar>
        <VisuallyHidden>{t`Account menu`}: </VisuallyHidden>
        {expanded ? <Name>{fullName}</Name> : <VisuallyHidden>{fullName}</VisuallyHidden>}
      </Trigger>
      <Items anchor={{ to: anchor, gap: 8 }}>
        {entries.map((entry) => (
          <Fragment key={entry.key}>
            {entry.key === 'logout' ? <Separator /> : null}
            <MenuItem>
              <Item href={entry.href} onNavigate={onNavigate} $danger={entry.key === 'logout'}>
                {i18n._(entry.label)}
              </Item>
            </MenuItem>
          </Fragment>
        ))}
        {others.length > 0 ? (
          <>
            <Separator />
            <MenuSection>
              <Heading>{t`Switch institution`}</Heading>
              {others.map((institution) => (
                <MenuItem key={institution.id}>
                  <Switch type="button" onClick={() => onSwitchInstitution?.(institution.id)}>
                    {institution.name}
                  </Switch>
                </MenuItem>
              ))}
            </MenuSection>
          </>
        ) : null}
      </Items>
    </Menu>
  );
}
