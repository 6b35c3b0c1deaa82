import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRowClicks } from './use-row-clicks';

describe('useRowClicks', () => {
  it('selects on a click and opens on a second click of the same row within 300 ms', () => {
    let now = 1000;
    const select = vi.fn();
    const open = vi.fn();
    const { result } = renderHook(() => useRowClicks(select, open, () => now));
    result.current('a');
    expect(select).toHaveBeenLastCalledWith('a');
    now += 250;
    result.current('a');
    expect(open).toHaveBeenCalledWith('a');
    now += 100;
    result.current('a');
    now += 301;
    result.current('a');
    expect(open).toHaveBeenCalledTimes(1);
    now += 100;
    result.current('b');
    expect(open).toHaveBeenCalledTimes(1);
    expect(select).toHaveBeenLastCalledWith('b');
  });
});
