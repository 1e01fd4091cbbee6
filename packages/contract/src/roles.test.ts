import { describe, expect, it } from 'vitest';
import { can, MEMBER_ROLES, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './roles';

describe('role matrix', () => {
  it('names every docs/product.md#roles role', () => {
    expect([...ROLES].sort()).toEqual(
      [
        'admin',
        'main',
        'admin-staff',
        'communication',
        'admissions',
        'admissions_agent',
        'order_capture_agent',
        'lead_entry_agent',
      ].sort(),
    );
    expect(MEMBER_ROLES).not.toContain('admin');
  });

  it('keeps listing and switching institutions to the platform admin', () => {
    for (const role of MEMBER_ROLES) {
      expect(can([role], 'institution.list_all'), role).toBe(false);
      expect(can([role], 'institution.switch'), role).toBe(false);
    }
    expect(can(['admin'], 'institution.list_all')).toBe(true);
  });

  it('lets capture agents touch only their own records', () => {
    expect(can(['order_capture_agent'], 'order.write')).toBe(true);
    expect(can(['order_capture_agent'], 'lead.write')).toBe(false);
    expect(can(['lead_entry_agent'], 'lead.write')).toBe(true);
    expect(can(['lead_entry_agent'], 'institution.update')).toBe(false);
    expect(can([], 'assistant.read')).toBe(false);
  });

  it('lets only main members (and the platform admin) delete an institution', () => {
    for (const role of MEMBER_ROLES) expect(can([role], 'institution.delete'), role).toBe(role === 'main');
    expect(can(['admin'], 'institution.delete')).toBe(true);
  });

  it('grants only known permissions', () => {
    for (const permissions of Object.values(ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(PERMISSIONS).toContain(permission);
    }
  });
});
