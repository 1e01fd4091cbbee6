/** The names of the roles and of what they allow (docs/product.md#roles), one map each, for every screen. */
import type { Permission, Role } from '@conversa/contract/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A role's name. */
export const roleLabels: Record<Role, MessageDescriptor> = {
  admin: msg`Platform administrator`,
  main: msg`Main administrator`,
  'admin-staff': msg`Administrative staff`,
  communication: msg`Communication`,
  admissions: msg`Admissions`,
  admissions_agent: msg`Admissions agent`,
  order_capture_agent: msg`Order capture agent`,
  lead_entry_agent: msg`Lead entry agent`,
};

/** What a permission lets one do, as the role table says it. */
export const permissionLabels: Record<Permission, MessageDescriptor> = {
  'institution.list_all': msg`See every institution`,
  'institution.switch': msg`Work in any institution`,
  'institution.read': msg`See the institution`,
  'institution.update': msg`Edit the institution`,
  'institution.delete': msg`Delete the institution`,
  'assistant.read': msg`See the assistants`,
  'assistant.manage': msg`Create and set up assistants`,
  'trainer.manage': msg`Train the assistants`,
  'conversation.read': msg`Read conversations`,
  'conversation.delete': msg`Delete conversations`,
  'conversation.reply': msg`Take over conversations and reply`,
  'whitelist.manage': msg`Manage allowed numbers`,
  'lead.read': msg`See leads`,
  'lead.write': msg`Enter and edit leads`,
  'order.read': msg`See orders`,
  'order.write': msg`Enter and edit orders`,
  'team.manage': msg`Manage the team`,
};
