export { Sidebar, type SidebarProps } from './sidebar';
export { NavLink, type NavLinkProps } from './nav-link';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch';
export { AccountMenu, type AccountMenuProps } from './account-menu';
export {
  accountEntries,
  type AccountEntry,
  initials,
  isCurrent,
  type NavEntry,
  productEntries,
  sectionLabels,
  type SidebarProduct,
} from './navigation';
export { consolePaths, type ProductSection, sectionOf, trainerPath } from './paths';
