/**
 * Roles (docs/product.md#roles) and what each may do. The documented names the roles but not their rights; this matrix
 * is ours (docs/architecture.md#tenancy-and-auth). The server enforces it; the UI only hides what the server would refuse.
 */

export const ROLES = [
  'admin',
  'main',
  'admin-staff',
  'communication',
  'admissions',
  'admissions_agent',
  'order_capture_agent',
  'lead_entry_agent',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles a member of an institution can hold (`admin` is platform-wide, never a membership). */
export const MEMBER_ROLES = ROLES.filter((role): role is Exclude<Role, 'admin'> => role !== 'admin');
export type MemberRole = Exclude<Role, 'admin'>;

export const PERMISSIONS = [
  'institution.list_all',
  'institution.switch',
  'institution.read',
  'institution.update',
  /** Delete the institution with everything it holds: main members only (and the platform admin). */
  'institution.delete',
  'assistant.read',
  'assistant.manage',
  'trainer.manage',
  'conversation.read',
  'conversation.delete',
  /** Take a conversation over and answer the visitor as a person. */
  'conversation.reply',
  'whitelist.manage',
  'lead.read',
  'lead.write',
  'order.read',
  'order.write',
  'team.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const staffRead: Permission[] = ['institution.read', 'assistant.read', 'conversation.read'];

/** The role matrix: which permissions each role grants. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  main: PERMISSIONS.filter((p) => p !== 'institution.list_all' && p !== 'institution.switch'),
  'admin-staff': [
    ...staffRead,
    'conversation.delete',
    'conversation.reply',
    'institution.update',
    'assistant.manage',
    'trainer.manage',
    'whitelist.manage',
    'lead.read',
    'lead.write',
    'order.read',
    'order.write',
    'team.manage',
  ],
  communication: [...staffRead, 'conversation.reply', 'trainer.manage'],
  admissions: [...staffRead, 'conversation.delete', 'conversation.reply', 'trainer.manage', 'lead.read'],
  admissions_agent: [...staffRead, 'conversation.reply'],
  order_capture_agent: ['institution.read', 'assistant.read', 'order.read', 'order.write'],
  lead_entry_agent: ['institution.read', 'assistant.read', 'lead.read', 'lead.write'],
};

/** True when any of the roles grants the permission. */
export function can(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** The roles a user acts with in an institution: the membership role there, plus `admin` for platform admins. */
export function rolesIn(memberRole: MemberRole | null, isAdmin: boolean): Role[] {
  const roles: Role[] = memberRole ? [memberRole] : [];
  if (isAdmin) roles.push('admin');
  return roles;
}
