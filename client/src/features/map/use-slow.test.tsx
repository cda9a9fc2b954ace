import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_SLOW_AFTER_MS } from '@shop/domain';
import { useSlow } from './use-slow.ts';

describe('the map\'s slow notice (spec §9: after 2000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns on only once a wait has lasted 2000 ms, and off when it ends', () => {
    const { result, rerender } = renderHook(({ active }) => useSlow(active, MAP_SLOW_AFTER_MS), { initialProps: { active: true } });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('a new wait starts from zero: a short one never shows it', () => {
    const { result, rerender } = renderHook(({ active }) => useSlow(active, MAP_SLOW_AFTER_MS), { initialProps: { active: true } });
    act(() => vi.advanceTimersByTime(1500));
    rerender({ active: false });
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(true);
  });
});
