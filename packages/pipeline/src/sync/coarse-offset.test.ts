import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCoarseSignals } from '../video/signals';
import { coarseAlign, pairLag, onsetSignal, type CoarseInput, type TimeSignal } from './coarse-offset';
import { crossCorrelate } from './fft';
import { cutClip, DEMO_CLIPS } from './coarse-test-clips';

/** A pseudo-random generator, so that the synthetic signals are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) as number;
}

/** A 1 kHz sound envelope of `durationSec` with a clap at local time `clapSec` over noise of its own. */
function envelope(durationSec: number, clapSec: number, seed: number, extraClaps: number[] = []): TimeSignal {
  const r = rng(seed);
  const n = Math.round(durationSec * 1000);
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / 1000;
    let v = 0.01 + 0.005 * r();
    for (const c of [clapSec, ...extraClaps]) if (t >= c) v += 0.8 * Math.exp(-(t - c) * 60);
    values[i] = v;
  }
  return { rate: 1000, values };
}

describe('cross-correlation through the FFT', () => {
  it('equals the direct sum at every lag', () => {
    const r = rng(3);
    const a = Array.from({ length: 50 }, () => r() - 0.5);
    const b = Array.from({ length: 37 }, () => r() - 0.5);
    const c = crossCorrelate(a, b, 10);
    for (let d = -10; d <= 10; d++) {
      let direct = 0;
      for (let t = 0; t < a.length; t++) if (t - d >= 0 && t - d < b.length) direct += a[t] * b[t - d];
      expect(c[10 + d]).toBeCloseTo(direct, 9);
    }
  });
});

describe('coarse alignment (pure)', () => {
  it('finds per-camera offsets of 0, 1.7, 4.2 and 7.9 s from one clap, to the millisecond', () => {
    const offsets = [0, 1.7, 4.2, 7.9];
    const inputs: CoarseInput[] = offsets.map((o, c) => ({
      audio: envelope(12 - o, 8.2 - o, c + 1),
      motion: null,
    }));
    const found = coarseAlign(inputs);
    expect(found?.method).toBe('audio');
    found!.startSec.forEach((s, c) => expect(Math.abs(s - offsets[c])).toBeLessThan(0.002));
  });

  it('falls back to motion when a file has no sound, at the frame rate of each file (30 and 60 fps)', () => {
    const r = rng(9);
    // One movement pattern on the common clock; camera 2 started 2.5 s later and films at 30 fps.
    const motionAt = (t: number) =>
      Math.max(0, Math.sin(3 * t) + 0.6 * Math.sin(7.3 * t + 1)) + (t > 5 ? 2 : 0) * Math.exp(-(t - 5) * 4);
    const make = (start: number, fps: number, seconds: number): TimeSignal => ({
      rate: fps,
      values: Float32Array.from(
        { length: Math.round(seconds * fps) },
        (_, i) => motionAt(start + i / fps) + 0.05 * r(),
      ),
    });
    const found = coarseAlign([
      { audio: envelope(10, 3, 1), motion: make(0, 60, 10) },
      { audio: null, motion: make(2.5, 30, 8) },
    ]);
    expect(found?.method).toBe('motion');
    expect(Math.abs(found!.startSec[1] - 2.5)).toBeLessThan(1 / 30);
  });

  it('gives up (null) when nothing is shared: silence and a still scene', () => {
    const still: TimeSignal = { rate: 60, values: new Float32Array(600) };
    expect(
      coarseAlign([
        { audio: null, motion: still },
        { audio: null, motion: still },
      ]),
    ).toBeNull();
  });

  it('does not trust an ambiguous peak (two claps 3 s apart heard by one camera only once)', () => {
    const a = onsetSignal(Float64Array.from(envelope(10, 2, 1, [5]).values), 'audio');
    const b = onsetSignal(Float64Array.from(envelope(10, 4, 2).values), 'audio');
    const p = pairLag(a, b, 1000, 10);
    expect(p.peakRatio).toBeLessThan(1.5);
  });
});

const DATA = resolve(__dirname, '../../../../../shared/data');
const haveDemo = existsSync(join(DATA, 'pose2sim-demo', 'balancing', 'cam01.mp4'));

describe.skipIf(!haveDemo)('coarse alignment of the demo clips with offsets cut in (files)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'poselab-coarse-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const offsets = [0, 1.7, 4.2, 7.9];

  it(
    'aligns 30 and 60 fps files with a clap track to within one frame of the truth',
    { timeout: 180_000 },
    async () => {
      const files = DEMO_CLIPS(DATA, 'balancing').map((source, c) =>
        cutClip({
          source,
          out: join(dir, `cam${c + 1}.mp4`),
          offsetSec: offsets[c],
          actionSec: 8.5,
          clapSec: 8.2,
          fps: c === 1 ? 30 : 60,
          sourceFps: 60,
          seed: c + 1,
        }),
      );
      const inputs = [];
      for (const f of files) inputs.push(await readCoarseSignals(f));
      const found = coarseAlign(inputs);
      expect(found?.method).toBe('audio');
      found!.startSec.forEach((s, c) =>
        expect(Math.abs(s - offsets[c]), `camera ${c + 1}`).toBeLessThan(1 / 60),
      );
    },
  );

  it(
    'aligns the same clips without sound from their motion, or says it cannot',
    { timeout: 180_000 },
    async () => {
      const files = DEMO_CLIPS(DATA, 'balancing').map((source, c) =>
        cutClip({
          source,
          out: join(dir, `mute${c + 1}.mp4`),
          offsetSec: offsets[c],
          actionSec: 8.5,
          clapSec: 8.2,
          fps: 60,
          sourceFps: 60,
          seed: c + 1,
          withAudio: false,
        }),
      );
      const inputs = [];
      for (const f of files) inputs.push(await readCoarseSignals(f));
      expect(inputs.every((i) => i.audio === null)).toBe(true);
      const found = coarseAlign(inputs);
      // Motion seen from four viewpoints agrees less than sound: either a trusted answer near the truth (the
      // sub-frame sync then refines it within ±0.5 s), or none at all, never a wrong one.
      if (found) {
        expect(found.method).toBe('motion');
        found.startSec.forEach((s, c) =>
          expect(Math.abs(s - offsets[c]), `camera ${c + 1}`).toBeLessThan(0.25),
        );
      }
    },
  );
});
