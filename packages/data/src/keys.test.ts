import * as conversations from '@conversa/contract/routes/conversations';
import * as institutions from '@conversa/contract/routes/institutions';
import * as platform from '@conversa/contract/routes/platform';
import { describe, expect, it } from 'vitest';
import { conversationsKey, dashboardKey, isAnyConversationListKey } from './conversations/keys';
import { institutionsKey, isInstitutionsKey } from './institutions/keys';
import { routeKey } from './keys';

describe('routeKey', () => {
  it("splits the route's path, fills its params and ends with its query", () => {
    expect(routeKey(institutions.getInstitution, { id: 4 })).toEqual(['institution', 4]);
    expect(routeKey(conversations.listConversations, { id: 7 }, { page: 2 })).toEqual([
      'institution-product',
      7,
      'conversation',
      { page: 2 },
    ]);
    expect(routeKey(platform.countries, undefined, 'es')).toEqual(['country', 'es']);
  });

  it('keeps the prefixes the invalidation matchers look for', () => {
    expect(isAnyConversationListKey(conversationsKey(7, { q: 'visit' }))).toBe(true);
    expect(isAnyConversationListKey(dashboardKey(7))).toBe(true);
    expect(isAnyConversationListKey(routeKey(institutions.getInstitution, { id: 7 }))).toBe(false);
    expect(isInstitutionsKey(institutionsKey({ name: 'x' }))).toBe(true);
    expect(isInstitutionsKey(routeKey(institutions.getInstitution, { id: 4 }))).toBe(false);
  });
});
