import { describe, it, expect } from 'vitest';
import { lowPassFilter, lowPassFilterXyz } from './butterworth';
import { resolveFilterFrequency } from './frequency';

describe('lowPassFilter', () => {
  it('matches scipy filtfilt(butter(2, 6 Hz / 30 Hz)) on a reference signal', () => {
    const x = Array.from(
      { length: 30 },
      (_, i) => Math.sin(i * 0.3) + 0.5 * Math.cos(i * 1.7) + 0.01 * i * i,
    );
    const y = lowPassFilter(x, 6, 60);
    // Reference values from scipy 1.17: filtfilt(*butter(2, 6 / 30), x)
    expect(y[0]).toBeCloseTo(0.4990778397, 8);
    expect(y[5]).toBeCloseTo(1.1625746378, 8);
    expect(y[14]).toBeCloseTo(1.1292846735, 8);
    expect(y[29]).toBeCloseTo(9.372408629, 8);
  });

  it('keeps a slow signal, removes fast noise and has no phase lag', () => {
    const fs = 100;
    const slow = Array.from({ length: 400 }, (_, i) => Math.sin((2 * Math.PI * 1 * i) / fs));
    const noisy = slow.map((v, i) => v + 0.2 * Math.sin((2 * Math.PI * 30 * i) / fs));
    const y = lowPassFilter(noisy, 6, fs);
    let maxErr = 0;
    for (let i = 20; i < 380; i++) maxErr = Math.max(maxErr, Math.abs(y[i] - slow[i]));
    expect(maxErr).toBeLessThan(0.01);
  });

  it('filters NaN-separated segments separately and keeps NaN', () => {
    const x = [1, 2, 3, 4, 5, 6, NaN, NaN, 7, 7, 7, 7, 7, NaN, 1];
    const y = lowPassFilter(x, 5, 60);
    expect(Number.isNaN(y[6])).toBe(true);
    expect(Number.isNaN(y[13])).toBe(true);
    expect(y[10]).toBeCloseTo(7, 9);
    expect(y[14]).toBe(1);
  });

  it('returns the input unchanged at half the frame rate and filters xyz channels', () => {
    expect(Array.from(lowPassFilter([1, 5, 2, 8], 30, 60))).toEqual([1, 5, 2, 8]);
    const xyz = new Float64Array(60);
    for (let i = 0; i < 20; i++) xyz.set([1, i, i % 2], i * 3);
    const y = lowPassFilterXyz(xyz, 3, 60);
    expect(y[30]).toBeCloseTo(1, 9);
    expect(Math.abs(y[31] - 10)).toBeLessThan(0.1);
    expect(Math.abs(y[32] - 0.5)).toBeLessThan(0.05);
  });
});

describe('resolveFilterFrequency', () => {
  it('filters every trial at 12 Hz by default (a non-gait trial was not filtered at all before issue #14)', () => {
    expect(resolveFilterFrequency('default', 60)).toEqual({ frequencyHz: 12 });
    expect(resolveFilterFrequency(undefined, 120)).toEqual({ frequencyHz: 12 });
    // Never above half the frame rate.
    expect(resolveFilterFrequency('default', 20)).toEqual({ frequencyHz: 10 });
  });
  it('caps a value above half the frame rate and reverts an invalid one to the default', () => {
    expect(resolveFilterFrequency(8, 60)).toEqual({ frequencyHz: 8 });
    expect(resolveFilterFrequency('40', 60)).toEqual({ frequencyHz: 30, warning: 'capped' });
    expect(resolveFilterFrequency('abc', 60)).toEqual({ frequencyHz: 12, warning: 'invalid' });
    expect(resolveFilterFrequency(-3, 60).warning).toBe('invalid');
  });
});
