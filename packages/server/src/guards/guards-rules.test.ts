/**
 * The guards' rules (guards.rules.ts) against the contract's endpoint table: every endpoint has a
 * rule, every entry is at least as strict, and the guarded ones cover every kind of rule that
 * guards.test.ts calls through HTTP.
 */
import { expect, it } from 'vitest';
import { guarded, parseRule, ruleOf, RULES, table } from './guards.rules';

it('states a rule for every endpoint of the table, and every entry is at least as strict', () => {
  expect(Object.keys(RULES).sort()).toEqual(table.map(([name]) => name).sort());
  for (const [name, endpoint] of table) expect(ruleOf(endpoint), name).toBe(RULES[name]);
});

it('covers every guarded kind of rule', () => {
  const kinds = new Set(guarded.map(([name]) => parseRule(RULES[name]).kind));
  expect([...kinds].sort()).toEqual(['admin', 'guest', 'metrics', 'self', 'staff', 'tenant']);
});
