import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as conversations from '@conversa/contract/routes/conversations';
import * as institutions from '@conversa/contract/routes/institutions';
import * as platform from '@conversa/contract/routes/platform';
import { describe, expect, it } from 'vitest';
import { conversationsKey, dashboardKey, isAnyConversationListKey } from './conversations/keys';
import { institutionsKey, isInstitutionsKey } from './institutions/keys';
import { isRouteKey, routeKey } from './keys';

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

describe('isRouteKey', () => {
  it("matches a route's keys by its literal segments and the params given", () => {
    const isList = isRouteKey(conversations.listConversations, { id: 7 });
    expect(isList(routeKey(conversations.listConversations, { id: 7 }, { page: 2 }))).toBe(true);
    expect(isList(routeKey(conversations.listConversations, { id: 8 }, { page: 2 }))).toBe(false);
    expect(
      isRouteKey(conversations.listConversations)(routeKey(conversations.listConversations, { id: 8 })),
    ).toBe(true);
    expect(isRouteKey(institutions.listInstitutions)(routeKey(institutions.getInstitution, { id: 4 }))).toBe(
      false,
    );
    expect(isList('institution-product/7/conversation')).toBe(false);
  });
});

describe('no cache key is written by hand', () => {
  // Every key and key matcher of a source file is made by `routeKey` / `isRouteKey` from a table route,
  // so renaming a path in the contract renames its keys; a hand-written array or a `key[n] ===`
  // comparison fails here. A write's key is its route's (`writeKey`, made by `useWrite`), so no hook
  // calls `useSWRMutation` with a key of its own, nor `useSWR` with types and a key of its own.
  const root = fileURLToPath(new URL('.', import.meta.url));
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.startsWith('testing'))
    .filter((path) => path !== 'keys.ts')
    .map((path) => [path, readFileSync(join(root, path), 'utf8')] as const);

  it('reads the sources', () => {
    expect(sources.length).toBeGreaterThan(40);
  });

  it.each(sources)('%s', (path, source) => {
    // A definition runs to the next blank line.
    const definitions = [...source.matchAll(/const (\w*Key) =([\s\S]*?)(?:\n\n|$)/g)];
    for (const [, name, body] of definitions) {
      expect(body, name).toMatch(/\b(routeKey|isRouteKey|is\w+Key)\(/);
    }
    expect(source).not.toMatch(/key\[\d+\]\s*===/);
    if (path !== 'mutation.ts') expect(source).not.toMatch(/\buseSWRMutation\b/);
    // Likewise a read is `useCached(args, key, call)`: its key and its call share their arguments.
    if (path !== 'cached.ts') expect(source).not.toMatch(/\buseSWR[<(]/);
  });
});
