/**
 * The console's left sidebar (docs/product.md#screens-and-routes): logo, one button per assistant opening its sub-menu, 'New
 * assistant' (the setup) for roles that may create one, the admin's change-institution entry, the
 * es/en selector and the avatar menu. 96 px wide, 200 px expanded; the mobile drawer shows it
 * expanded. Presentational: the app passes the session's data and gets navigation and the
 * language choice back.
 */
import { type Locale, SIDEBAR_EXPANDED_WIDTH, SIDEBAR_WIDTH } from '@conversa/contract/constants';
import { PRODUCT_NAME } from '@conversa/contract/constants';
import type { InstitutionKind } from '@conversa/contract/institution';
import { can, type Role } from '@conversa/contract/roles';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '../../primitives/visually-hidden';
import { AccountMenu } from './account-menu';
import { Icon, LogoMark } from './icons';
import { LanguageSwitch } from './language-switch';
import { NavLink } from './nav-link';
import { assistantEntries, isCurrent, type SidebarAssistant, type SidebarInstitution } from './navigation';
import { consolePaths, sectionOf } from './paths';
import { AssistantGroup, itemStyle } from './assistant-group';
import { StackList } from '../../primitives/stack-list';

const Panel = styled.nav<{ $width: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $width }) => $width}px;
  height: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  overflow-x: hidden;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 200ms ease;
`;

const Logo = styled(NavLink)<{ $expanded: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $expanded }) => ($expanded ? 'flex-start' : 'center')};
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.primary};
  font-size: 1.125rem;
  font-weight: 800;
  text-decoration: none;
  --logo-foreground: ${({ theme }) => theme.colors.onPrimary};
`;

const LogoText = styled.span`
  color: ${({ theme }) => theme.colors.text};
`;

const Toggle = styled.button<{ $expanded: boolean }>`
  ${itemStyle}
  min-height: 2.25rem;
  svg {
    transform: rotate(${({ $expanded }) => ($expanded ? 0 : 180)}deg);
    transition: transform 200ms ease;
  }
`;

const Entry = styled(NavLink)<{ $expanded: boolean }>`
  ${itemStyle}
`;

/** The institution the console acts in: its logo (when it has one) and its name. */
const Institution = styled.p<{ $expanded: boolean }>`
  display: flex;
  flex-direction: ${({ $expanded }) => ($expanded ? 'row' : 'column')};
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(2)};
  font-size: 0.8125rem;
  font-weight: 600;
  overflow-wrap: anywhere;
  img {
    flex: none;
    width: 2rem;
    height: 2rem;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
`;

export interface SidebarProps {
  /** The signed-in user's full name (avatar initials, menu name). */
  fullName: string;
  /** School or business: picks 'About your school' or 'About your business'. */
  institutionKind: InstitutionKind | null;
  /** The institution's assistants; each gets a button and a sub-menu. */
  assistants: SidebarAssistant[];
  /** The session's roles: entries a role may not use are hidden; `admin` adds change institution. */
  roles: readonly Role[];
  locale: Locale;
  /** The user picked the other language (the app saves it to the profile, then reloads). */
  onLocaleChange: (locale: Locale) => void;
  /** The language choice is being saved. */
  localeSaving?: boolean;
  /** The path shown now (marks the current entry and opens its assistant). */
  currentPath: string;
  onNavigate: (path: string) => void;
  /** 200 px with labels beside the icons, else 96 px with small labels under them. */
  expanded: boolean;
  /** Shows the expand/collapse button (the desktop rail; the drawer is always expanded). */
  onToggleExpanded?: () => void;
  /** Accessible name of the navigation landmark (two sidebars must not share one). */
  label?: string;
  /** The user's institutions: with several, the avatar menu switches between them. */
  institutions?: readonly SidebarInstitution[];
  /** The institution the session acts in. */
  institutionId?: number | null;
  onSwitchInstitution?: (id: number) => void;
  /** That institution's name and logo (its URL, or null), shown under the product's logo. */
  institution?: { name: string; logo: string | null } | null;
}

/** The assistant whose sub-menu holds the current path. */
function assistantOn(assistants: SidebarAssistant[], roles: readonly Role[], path: string): number | null {
  const found = assistants.find((assistant) =>
    assistantEntries(assistant, roles).some((entry) => isCurrent(entry, path)),
  );
  return found?.id ?? null;
}

/** The sidebar; render it in `AppShell` (which also makes it the mobile drawer). */
export function Sidebar({
  fullName,
  institutionKind,
  assistants,
  roles,
  locale,
  onLocaleChange,
  localeSaving = false,
  currentPath,
  onNavigate,
  expanded,
  onToggleExpanded,
  label,
  institutions,
  institutionId,
  onSwitchInstitution,
  institution,
}: SidebarProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(() => assistantOn(assistants, roles, currentPath));
  const here = assistantOn(assistants, roles, currentPath);
  // Arriving on another assistant's page (a link, the back button) shows that assistant's menu.
  useEffect(() => {
    if (here !== null) setOpen(here);
  }, [here]);

  const groups = assistants
    .map((assistant) => ({ assistant, entries: assistantEntries(assistant, roles) }))
    .filter((group) => group.entries.length > 0);
  // Two assistants of a section are told apart by their own name and logo.
  const inSection = new Map<string, number>();
  for (const { assistant } of groups) {
    const section = sectionOf(assistant.type);
    inSection.set(section, (inSection.get(section) ?? 0) + 1);
  }

  return (
    <Panel aria-label={label ?? t`Main`} $width={expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_WIDTH}>
      <Logo href={consolePaths.root} onNavigate={onNavigate} $expanded={expanded}>
        <LogoMark size={expanded ? 36 : 44} />
        {expanded ? <LogoText>{PRODUCT_NAME}</LogoText> : <VisuallyHidden>{PRODUCT_NAME}</VisuallyHidden>}
      </Logo>
      {institution ? (
        <Institution $expanded={expanded}>
          {institution.logo ? <img src={institution.logo} alt="" /> : null}
          {expanded ? <span>{institution.name}</span> : <VisuallyHidden>{institution.name}</VisuallyHidden>}
        </Institution>
      ) : null}
      {onToggleExpanded ? (
        <Toggle type="button" aria-expanded={expanded} $expanded={expanded} onClick={onToggleExpanded}>
          <Icon name="collapse" size={20} />
          {expanded ? <span>{t`Collapse menu`}</span> : <VisuallyHidden>{t`Expand menu`}</VisuallyHidden>}
        </Toggle>
      ) : null}
      <StackList $gap={1}>
        {groups.map(({ assistant, entries }) => (
          <AssistantGroup
            key={assistant.id}
            assistant={assistant}
            entries={entries}
            open={open === assistant.id}
            onToggle={() => setOpen((current) => (current === assistant.id ? null : assistant.id))}
            currentPath={currentPath}
            onNavigate={onNavigate}
            expanded={expanded}
            own={(inSection.get(sectionOf(assistant.type)) ?? 0) > 1}
          />
        ))}
        {can(roles, 'assistant.manage') ? (
          <li>
            <Entry
              href={consolePaths.setupAssistant}
              onNavigate={onNavigate}
              current={currentPath === consolePaths.setupAssistant}
              $expanded={expanded}
            >
              <Icon name="plus" />
              <span>{t`New assistant`}</span>
            </Entry>
          </li>
        ) : null}
        {can(roles, 'institution.switch') ? (
          <li>
            <Entry
              href={consolePaths.changeInstitution}
              onNavigate={onNavigate}
              current={currentPath === consolePaths.changeInstitution}
              $expanded={expanded}
            >
              <Icon name="institution" />
              <span>{t`Change institution`}</span>
            </Entry>
          </li>
        ) : null}
      </StackList>
      <Footer>
        <LanguageSwitch locale={locale} onChange={onLocaleChange} saving={localeSaving} />
        <AccountMenu
          fullName={fullName}
          institutionKind={institutionKind}
          onNavigate={onNavigate}
          expanded={expanded}
          anchor={onToggleExpanded ? 'right end' : 'top start'}
          roles={roles}
          institutions={institutions}
          institutionId={institutionId}
          onSwitchInstitution={onSwitchInstitution}
        />
      </Footer>
    </Panel>
  );
}
