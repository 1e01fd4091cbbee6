import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialWizard, useWizard, wizardReducer } from './use-wizard';

describe('wizardReducer', () => {
  it('clamps moves between 0 and the limit and remembers the step it left', () => {
    let state = initialWizard(3);
    expect(state).toEqual({ step: 0, limit: 3, locked: false, previous: null });
    state = wizardReducer(state, { type: 'move', by: -1 });
    expect(state.step).toBe(0);
    expect(state.previous).toBeNull();
    state = wizardReducer(state, { type: 'move', by: 2 });
    expect(state).toMatchObject({ step: 2, previous: 0 });
    state = wizardReducer(state, { type: 'move', by: 5 });
    expect(state).toMatchObject({ step: 3, previous: 2 });
    state = wizardReducer(state, { type: 'go', step: 99 });
    expect(state).toMatchObject({ step: 3, previous: 2 });
    state = wizardReducer(state, { type: 'go', step: -4 });
    expect(state).toMatchObject({ step: 0, previous: 3 });
    state = wizardReducer(state, { type: 'back' });
    expect(state).toMatchObject({ step: 3, previous: 0 });
  });

  it('changes nothing while locked, except unlocking', () => {
    const locked = wizardReducer(initialWizard(4, 1), { type: 'lock', locked: true });
    for (const action of [
      { type: 'move', by: 1 },
      { type: 'move', by: -1 },
      { type: 'go', step: 3 },
      { type: 'back' },
      { type: 'limit', limit: 0 },
    ] as const) {
      expect(wizardReducer(locked, action)).toBe(locked);
    }
    const unlocked = wizardReducer(locked, { type: 'lock', locked: false });
    expect(unlocked).toEqual({ step: 1, limit: 4, locked: false, previous: null });
  });

  it('pulls the current step back inside a lowered limit', () => {
    const state = wizardReducer(initialWizard(5, 4), { type: 'limit', limit: 2 });
    expect(state).toMatchObject({ step: 2, limit: 2 });
    expect(initialWizard(2, 7).step).toBe(2);
    expect(initialWizard(-3).limit).toBe(0);
  });
});

describe('useWizard', () => {
  it('moves forward and back within the limit, and not at all while locked', () => {
    const { result } = renderHook(() => useWizard(2));
    act(() => result.current.next());
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current.step).toBe(2);
    act(() => result.current.lock());
    act(() => result.current.prev());
    act(() => result.current.goTo(0));
    expect(result.current).toMatchObject({ step: 2, locked: true });
    act(() => result.current.unlock());
    act(() => result.current.prev(5));
    expect(result.current).toMatchObject({ step: 0, previous: 2, locked: false });
    act(() => result.current.back());
    expect(result.current.step).toBe(2);
  });
});
