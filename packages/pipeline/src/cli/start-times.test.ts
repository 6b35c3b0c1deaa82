import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTimesFromClocks } from '../sync/clocks';
import { readStartTimes, START_TIMES_FILE } from './inputs';

describe('recording start times (the worker’s start_time_ms, the CLI’s start-times.json)', () => {
  it('are seconds after the earliest start, and unknown unless every video has one', () => {
    expect(startTimesFromClocks([1_700_000_000_250, 1_700_000_000_000, 1_700_000_001_500])).toEqual([
      0.25, 0, 1.5,
    ]);
    expect(startTimesFromClocks([1_700_000_000_000, null])).toBeUndefined();
    expect(startTimesFromClocks([1_700_000_000_000, undefined])).toBeUndefined();
    expect(startTimesFromClocks([1_700_000_000_000, NaN])).toBeUndefined();
    expect(startTimesFromClocks([])).toBeUndefined();
  });

  describe('start-times.json beside the videos', () => {
    let dir: string;
    const videos = () => ['cam01.mp4', 'cam02.webm'].map((f) => path.join(dir, f));
    const write = (content: string) => writeFile(path.join(dir, START_TIMES_FILE), content);
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'poselab-start-times-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('gives each video its start in the videos’ order, as the worker computes it', async () => {
      await write(JSON.stringify({ 'cam02.webm': 1_732_530_000_000.5, 'cam01.mp4': 1_732_530_000_123.5 }));
      const times = await readStartTimes(dir, videos());
      expect(times).toEqual(startTimesFromClocks([1_732_530_000_123.5, 1_732_530_000_000.5]));
      expect(times![0]).toBeCloseTo(0.123, 12);
    });

    it('is optional: no file, no clocks', async () => {
      expect(await readStartTimes(dir, videos())).toBeNull();
    });

    it('names the problem when the file is broken or misses a video', async () => {
      await write('{ "cam01.mp4": 1');
      await expect(readStartTimes(dir, videos())).rejects.toThrow(/start-times\.json is not valid JSON/);
      await write('[1, 2]');
      await expect(readStartTimes(dir, videos())).rejects.toThrow(/must map each video's file name/);
      await write(JSON.stringify({ 'cam01.mp4': 1_732_530_000_000 }));
      await expect(readStartTimes(dir, videos())).rejects.toThrow(/no start time \(ms\) for cam02\.webm/);
      await write(JSON.stringify({ 'cam01.mp4': 1_732_530_000_000, 'cam02.webm': '12' }));
      await expect(readStartTimes(dir, videos())).rejects.toThrow(/cam02\.webm/);
    });
  });
});
