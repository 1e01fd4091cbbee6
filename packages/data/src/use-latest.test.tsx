import { renderHook } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLatest } from './use-latest';

describe('useLatest', () => {
  it('gives an effect that ran once the listener of the latest render', () => {
    const heard: string[] = [];
    let fire = () => {};
    const subscribe = vi.fn();
    const { rerender } = renderHook(
      ({ name }: { name: string }) => {
        const listener = useLatest(() => heard.push(name));
        useEffect(() => {
          subscribe();
          fire = () => listener.current();
        }, []);
      },
      { initialProps: { name: 'first' } },
    );
    fire();
    rerender({ name: 'second' });
    fire();
    expect(heard).toEqual(['first', 'second']);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});
