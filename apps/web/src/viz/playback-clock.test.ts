import { describe, expect, it } from 'vitest';
import { correctVideo, PlaybackClock, SEEK_THRESHOLD } from './playback-clock';

describe('PlaybackClock', () => {
  it('advances with wall time times the speed and wraps at the end of the longest item', () => {
    const c = new PlaybackClock(2);
    c.play(1000);
    c.tick(1100);
    expect(c.time).toBeCloseTo(0.1, 12);
    c.speed = 0.5;
    c.tick(1300);
    expect(c.time).toBeCloseTo(0.2, 12);
    c.seek(1.95);
    c.speed = 1;
    expect(c.tick(1400)).toBe(true);
    expect(c.time).toBe(0);
  });

  it('does not move while paused and caps a stalled step', () => {
    const c = new PlaybackClock(10);
    c.tick(5000);
    expect(c.time).toBe(0);
    c.play(0);
    c.tick(10_000);
    expect(c.time).toBeCloseTo(0.25, 12);
  });

  it('takes the master video time and counts wall time on from there', () => {
    const c = new PlaybackClock(10);
    c.play(0);
    c.tick(100);
    c.syncTo(0.08, 100);
    expect(c.time).toBe(0.08);
    c.tick(150);
    expect(c.time).toBeCloseTo(0.13, 12);
    c.syncTo(12, 150);
    expect(c.time).toBe(10);
  });
});

describe('correctVideo', () => {
  const v = (currentTime: number, paused = false) => ({ currentTime, duration: 2, paused });
  it('seeks on a large drift', () => {
    expect(correctVideo(v(1 + SEEK_THRESHOLD + 0.01), 1, 1, true).seekTo).toBe(1);
  });
  it('slows a video that runs ahead and speeds one that lags, bounded to ±20 %', () => {
    expect(correctVideo(v(1.02), 1, 1, true).playbackRate).toBeCloseTo(0.92, 12);
    expect(correctVideo(v(0.98), 1, 0.5, true).playbackRate).toBeCloseTo(0.54, 12);
    expect(correctVideo(v(0.9), 1, 1, true).playbackRate).toBeCloseTo(1.2, 12);
  });
  it('holds a shorter video on its last frame and shows the exact frame while paused', () => {
    expect(correctVideo(v(2), 3, 1, true)).toEqual({ seekTo: null, playbackRate: 1, shouldPlay: false });
    expect(correctVideo(v(0.5, true), 0.51, 1, false).seekTo).toBe(0.51);
    expect(correctVideo(v(0.5, true), 0.505, 1, false).seekTo).toBeNull();
  });
});
