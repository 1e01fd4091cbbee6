/**
 * The state of a step-by-step flow (docs/product.md#states): the current step, the last step it may reach (`limit`),
 * a `locked` flag and the step it came from. Moves are clamped to 0..limit; while locked nothing moves.
 */
import { type RefObject, useEffect, useMemo, useReducer, useRef } from 'react';

/** What the wizard holds. */
export interface WizardState {
  step: number;
  limit: number;
  locked: boolean;
  /** The step before the last move; null before any move. */
  previous: number | null;
}

/** The changes a wizard accepts. */
export type WizardAction =
  | { type: 'move'; by: number }
  | { type: 'go'; step: number }
  | { type: 'back' }
  | { type: 'limit'; limit: number }
  | { type: 'lock'; locked: boolean };

const clamp = (step: number, limit: number) => Math.min(Math.max(Math.trunc(step), 0), limit);

function moveTo(state: WizardState, target: number): WizardState {
  const step = clamp(target, state.limit);
  return step === state.step ? state : { ...state, step, previous: state.step };
}

/** The pure transition function (exported for tests and for flows kept outside React). */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  if (action.type === 'lock')
    return action.locked === state.locked ? state : { ...state, locked: action.locked };
  if (state.locked) return state;
  switch (action.type) {
    case 'move':
      return moveTo(state, state.step + action.by);
    case 'go':
      return moveTo(state, action.step);
    case 'back':
      return state.previous === null ? state : moveTo(state, state.previous);
    case 'limit': {
      const limit = Math.max(0, Math.trunc(action.limit));
      return { ...state, limit, step: clamp(state.step, limit) };
    }
  }
}

/** The starting state: `start` clamped to 0..limit, unlocked, nowhere before. */
export function initialWizard(limit: number, start = 0): WizardState {
  const safeLimit = Math.max(0, Math.trunc(limit));
  return { step: clamp(start, safeLimit), limit: safeLimit, locked: false, previous: null };
}

/** The wizard and its moves; every move is a no-op while locked. */
export function useWizard(limit: number, start = 0) {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => initialWizard(limit, start));
  const moves = useMemo(
    () => ({
      next: (by = 1) => dispatch({ type: 'move', by }),
      prev: (by = 1) => dispatch({ type: 'move', by: -by }),
      goTo: (step: number) => dispatch({ type: 'go', step }),
      /** Returns to the step before the last move. */
      back: () => dispatch({ type: 'back' }),
      setLimit: (next: number) => dispatch({ type: 'limit', limit: next }),
      lock: () => dispatch({ type: 'lock', locked: true }),
      unlock: () => dispatch({ type: 'lock', locked: false }),
    }),
    [],
  );
  return { ...state, ...moves };
}

/**
 * Announces each move of a wizard: after the first render, the focus goes to the heading the returned
 * ref is put on (give it `tabIndex={-1}`), so a screen reader reads the new step.
 */
export function useStepHeading(step: number): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
