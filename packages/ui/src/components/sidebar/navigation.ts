/** What the sidebar offers: assistant sub-menus by assistant type and role, the account menu, initials. */
import type { InstitutionKind } from '@conversa/contract/institution';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { can, type Permission, type Role } from '@conversa/contract/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { consolePaths, type ConsoleSection, sectionOf } from './paths';

/** An assistant as the sidebar shows it. */
export interface SidebarAssistant {
  id: number;
  type: AssistantType;
  name: string;
  /** Its logo's URL; shown (with its name) when another assistant shares its section. */
  logo?: string | null;
  /** Visitors waiting for a person in its conversations (a badge when any). */
  waiting?: number;
}

/** Icons the navigation uses (see `icons.tsx`). */
export type NavIcon = 'trainer' | 'dashboard' | 'review' | 'leads' | 'orders' | 'allowed-numbers';

/** One link of an assistant's sub-menu. */
export interface NavEntry {
  key: string;
  label: MessageDescriptor;
  href: string;
  icon: NavIcon;
  /** Paths (besides `href`) on which this entry is the current one, e.g. the trainer's tabs. */
  alsoCurrentOn: string[];
}

/** Names of the two areas, for the assistant buttons. */
export const sectionLabels: Record<ConsoleSection, MessageDescriptor> = {
  'pre-sales': msg`Pre-sales`,
  'sales-support': msg`Sales support`,
};

const entry = (
  key: string,
  label: MessageDescriptor,
  icon: NavIcon,
  href: string,
  permission: Permission,
  alsoCurrentOn: string[] = [],
) => ({ key, label, icon, href, permission, alsoCurrentOn });

/**
 * The sub-menu of an assistant: pre-sales → trainer, dashboard; sales support → trainer, leads,
 * orders, allowed numbers (the sellers' WhatsApp numbers, the channel and their questions). The
 * first entry a role may use is where its work starts (`firstEntry`).
 */
export function assistantEntries(assistant: SidebarAssistant, roles: readonly Role[]): NavEntry[] {
  const id = assistant.id;
  const all =
    sectionOf(assistant.type) === 'pre-sales'
      ? [
          entry('trainer', msg`Trainer`, 'trainer', consolePaths.preSalesTrainer(id), 'trainer.manage', [
            consolePaths.preSalesKnowledgeBase(id),
            consolePaths.preSalesFaqs(id),
            consolePaths.preSalesHandoff(id),
            consolePaths.preSalesTestQuestions(id),
          ]),
          entry(
            'dashboard',
            msg`Dashboard`,
            'dashboard',
            consolePaths.preSalesDashboard(id),
            'conversation.read',
          ),
          entry('review', msg`To review`, 'review', consolePaths.preSalesReview(id), 'trainer.manage'),
        ]
      : [
          entry('trainer', msg`Trainer`, 'trainer', consolePaths.salesSupportTrainer(id), 'trainer.manage', [
            consolePaths.salesSupportKnowledgeBase(id),
            consolePaths.salesSupportFields(id),
          ]),
          entry('leads', msg`Leads`, 'leads', consolePaths.salesSupportLeads(id), 'lead.read', [
            consolePaths.salesSupportLeadsDashboard(id),
            `/sales-support/lead/${id}/`,
          ]),
          entry('orders', msg`Orders`, 'orders', consolePaths.salesSupportOrders(id), 'order.read', [
            consolePaths.salesSupportOrdersDashboard(id),
            `/sales-support/order/${id}/`,
          ]),
          entry(
            'allowed-numbers',
            msg`Allowed numbers`,
            'allowed-numbers',
            consolePaths.salesSupportAllowedNumbers(id),
            'whitelist.manage',
          ),
        ];
  // The server refuses what a role may not do; the menu only hides it.
  return all.filter((e) => can(roles, e.permission)).map(({ permission: _permission, ...rest }) => rest);
}

/** True when `path` is the entry's page (or one of its tabs). */
export function isCurrent(navEntry: Pick<NavEntry, 'href' | 'alsoCurrentOn'>, path: string): boolean {
  if (path === navEntry.href) return true;
  return navEntry.alsoCurrentOn.some((other) =>
    other.endsWith('/') ? path.startsWith(other) : path === other,
  );
}

/** One entry of the avatar menu. */
export interface AccountEntry {
  key: string;
  label: MessageDescriptor;
  href: string;
}

/** The avatar menu: about you, about your school (or business), the team and data (for `team.manage`), password, logout. */
export function accountEntries(kind: InstitutionKind | null, roles: readonly Role[] = []): AccountEntry[] {
  return [
    { key: 'about-you', label: msg`About you`, href: consolePaths.aboutYou },
    kind === 'business'
      ? { key: 'about-institution', label: msg`About your business`, href: consolePaths.aboutYourBusiness }
      : { key: 'about-institution', label: msg`About your school`, href: consolePaths.aboutYourSchool },
    ...(can(roles, 'team.manage') ? [{ key: 'team', label: msg`Team`, href: consolePaths.team }] : []),
    ...(can(roles, 'team.manage') ? [{ key: 'data', label: msg`Data`, href: consolePaths.data }] : []),
    { key: 'password', label: msg`Password`, href: consolePaths.password },
    { key: 'logout', label: msg`Log out`, href: consolePaths.logout },
  ];
}

/** An institution the user belongs to, for the avatar menu's switch. */
export interface SidebarInstitution {
  id: number;
  name: string;
}

/** Initials of the first two words of a full name ('ana maría lópez' → 'AM'); '' for a blank name. */
export function initials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => (Array.from(word)[0] ?? '').toLocaleUpperCase())
    .join('');
}
