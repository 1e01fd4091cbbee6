export { Sidebar, type SidebarProps } from './sidebar';
export { NavLink, type NavLinkProps } from './nav-link';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch';
export { AccountMenu, type AccountMenuProps } from './account-menu';
export {
  accountEntries,
  type AccountEntry,
  assistantEntries,
  initials,
  isCurrent,
  type NavEntry,
  sectionLabels,
  type SidebarAssistant,
  type SidebarInstitution,
} from './navigation';
export { consolePaths, type ConsoleSection, sectionOf, trainerPath } from './paths';
