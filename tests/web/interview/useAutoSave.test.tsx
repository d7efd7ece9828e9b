import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoSave } from '../../../apps/web/src/pages/interview/useAutoSave';

describe('useAutoSave (Sincronizar)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 30 s down, saves, restarts, and resets when turned off', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useAutoSave(save));
    expect(result.current.enabled).toBe(false);
    act(() => vi.advanceTimersByTime(60000));
    expect(save).not.toHaveBeenCalled();

    act(() => result.current.toggle());
    expect(result.current.secondsLeft).toBe(30);
    act(() => vi.advanceTimersByTime(10000));
    expect(result.current.secondsLeft).toBe(20);
    act(() => vi.advanceTimersByTime(20000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.secondsLeft).toBe(30);
    act(() => vi.advanceTimersByTime(30000));
    expect(save).toHaveBeenCalledTimes(2);

    act(() => vi.advanceTimersByTime(5000));
    act(() => result.current.toggle());
    expect(result.current.enabled).toBe(false);
    expect(result.current.secondsLeft).toBe(30);
    act(() => vi.advanceTimersByTime(60000));
    expect(save).toHaveBeenCalledTimes(2);
  });
});
