import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

/** Records every value of the countdown the screen was committed with. */
function Probe({ seconds, restart, shown }: { seconds: number; restart: number; shown: number[] }) {
  const left = useCountdown(seconds, restart);
  useLayoutEffect(() => {
    shown.push(left);
  });
  return <p>{left}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('ticks once a second down to 0, then stops', () => {
    const shown: number[] = [];
    render(<Probe seconds={3} restart={0} shown={shown} />);
    for (let tick = 0; tick < 5; tick += 1) act(() => vi.advanceTimersByTime(1000));
    expect(shown).toEqual([3, 2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the new count in the very render that restarts it, never a frame of the old one', () => {
    // A frame of the old 0 after a resend showed "Send me a new code" beside "We sent you a new
    // code." until an effect caught up: a screen reader heard it, and a test could read it.
    const shown: number[] = [];
    const view = render(<Probe seconds={2} restart={0} shown={shown} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(shown.at(-1)).toBe(0);
    shown.length = 0;
    view.rerender(<Probe seconds={60} restart={1} shown={shown} />);
    expect(shown).toEqual([60]);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown).toEqual([60, 59]);
  });
});
