import { describe, expect, it } from 'vitest';
import { blurRegions } from './blur';
import type { FaceBox } from './face-model';
import { nonMaxSuppression, scanFaces, tileGrid } from './face-scan';
import { headBoxesFromKeypoints, padBox, planFaceRegions, type Region } from './regions';
import { emptyKeypoints2D } from '../pose/types';
import { parseDeidentifyArgs } from '../cli/deidentify-args';

const face = (x: number, y: number, score = 0.9, size = 40): FaceBox => ({
  x,
  y,
  width: size,
  height: size,
  score,
});
const contains = (outer: Region, inner: Region) =>
  outer.x <= inner.x &&
  outer.y <= inner.y &&
  outer.x + outer.width >= inner.x + inner.width &&
  outer.y + outer.height >= inner.y + inner.height;

describe('de-identification regions (pure)', () => {
  it('covers a face between two scans at both places, padded to the head', () => {
    const scans = new Map([
      [0, [face(100, 100)]],
      [6, [face(130, 100)]],
    ]);
    const plan = planFaceRegions(7, scans, [], { facePadding: 2.2, holdFrames: 30, confirmBelow: 0.6 });
    for (const f of [1, 3, 5]) {
      expect(plan[f].some((r) => contains(r, face(100, 100)))).toBe(true);
      expect(plan[f].some((r) => contains(r, face(130, 100)))).toBe(true);
    }
    expect(padBox(face(100, 100), 2.2).width).toBeCloseTo(88);
  });

  it('keeps a face through a scan that missed it even when a much bigger box lies near it', () => {
    // cam02: a bare torso taken for a 400 px face beside the bystander's 40 px head, in the scan that missed her
    // (no padding here, so that the big box does not cover her by itself).
    const scans = new Map([
      [0, [face(700, 500)]],
      [6, [face(200, 400, 0.9, 400)]],
      [12, [face(700, 500)]],
    ]);
    const plan = planFaceRegions(13, scans, [], { facePadding: 1, holdFrames: 30, confirmBelow: 0.6 });
    expect(plan[6].some((r) => contains(r, face(700, 500)))).toBe(true);
  });

  it('keeps a face through a scan that missed it, for the hold time only', () => {
    const scans = new Map([
      [0, [face(100, 100)]],
      [6, []],
      [12, []],
      [60, []],
    ]);
    const plan = planFaceRegions(61, scans, [], { facePadding: 2, holdFrames: 20, confirmBelow: 0 });
    expect(plan[9].some((r) => contains(r, face(100, 100)))).toBe(true);
    expect(plan[40]).toEqual([]);
  });

  it('drops a weak one-off detection and keeps a weak one seen twice', () => {
    const weak = new Map([
      [0, [face(100, 100, 0.5)]],
      [6, []],
    ]);
    const opts = { facePadding: 2, holdFrames: 20, confirmBelow: 0.6 };
    expect(planFaceRegions(7, weak, [], opts)[3]).toEqual([]);
    const twice = new Map([
      [0, [face(100, 100, 0.5)]],
      [6, [face(104, 100, 0.5)]],
    ]);
    expect(planFaceRegions(7, twice, [], opts)[3]).toHaveLength(2);
  });

  it("adds the subject's head from the pose in every frame", () => {
    const kp = emptyKeypoints2D(['nose', 'r_eye', 'l_eye', 'r_shoulder', 'l_shoulder'], 2, 60, 1080, 1920);
    const set = (f: number, i: number, x: number, y: number) => kp.data.set([x, y, 0.9], (f * 5 + i) * 3);
    set(0, 0, 500, 400);
    set(0, 1, 490, 390);
    set(0, 2, 510, 390);
    set(0, 3, 440, 520);
    set(0, 4, 560, 520);
    const heads = headBoxesFromKeypoints(kp);
    expect(heads[1]).toBeNull();
    expect(contains(heads[0]!, { x: 480, y: 380, width: 40, height: 40 })).toBe(true);
    expect(planFaceRegions(2, new Map(), heads)[0]).toEqual([heads[0]]);
  });

  it('blurs inside the region only, leaving no edge inside it', () => {
    const width = 64;
    const height = 64;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        data.fill((x + y) % 2 ? 255 : 0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const image = { width, height, data };
    blurRegions(image, [{ x: 16, y: 16, width: 32, height: 32 }]);
    const at = (x: number, y: number) => data[(y * width + x) * 3];
    // A checkerboard inside becomes flat grey; outside stays as it was.
    for (let y = 17; y < 47; y++)
      for (let x = 17; x < 47; x++) expect(Math.abs(at(x, y) - 128)).toBeLessThan(8);
    expect([at(2, 2), at(3, 2)]).toEqual([0, 255]);
  });

  it('tiles the whole frame with overlapping windows and merges duplicates', () => {
    const { side, tiles } = tileGrid(720, 1280, 256, 96);
    expect(side).toBe(256);
    expect(Math.max(...tiles.map((t) => t.x)) + side).toBe(720);
    expect(Math.max(...tiles.map((t) => t.y)) + side).toBe(1280);
    expect(nonMaxSuppression([face(0, 0, 0.9), face(2, 2, 0.8), face(200, 0, 0.7)])).toHaveLength(2);
  });

  it('leaves the fine tiles out of a scan without the fine level, and only them', async () => {
    // A model that finds nothing and counts the windows it is asked about.
    const asked: number[] = [];
    const model = {
      inputSize: 128,
      detect: async (_tiles: Float32Array, count: number) => {
        asked.push(count);
        return Array.from({ length: count }, () => [] as FaceBox[]);
      },
      dispose: () => undefined,
    };
    const image = { width: 1080, height: 1920, data: new Uint8Array(1080 * 1920 * 3) };
    const opts = { tileSize: 256, overlap: 96, minScore: 0.45 };
    await scanFaces(model, image, opts);
    await scanFaces(model, image, { ...opts, fine: false });
    const fine = tileGrid(1080, 1920, 256, 96).tiles.length;
    expect(fine).toBeGreaterThan(0);
    expect(asked[0] - asked[1]).toBe(fine);
    expect(asked[1]).toBeGreaterThan(0);
  });

  it('parses the CLI arguments and refuses writing over the input', () => {
    expect(parseDeidentifyArgs(['in.mp4', '--out', 'out.mp4'])).toEqual({
      input: 'in.mp4',
      out: 'out.mp4',
      pose: true,
    });
    expect(parseDeidentifyArgs(['in.mp4', '--out=o.mp4', '--no-pose']).pose).toBe(false);
    expect(() => parseDeidentifyArgs(['in.mp4'])).toThrow(/--out/);
    expect(() => parseDeidentifyArgs(['in.mp4', '--out', 'in.mp4'])).toThrow(/input/);
    expect(() => parseDeidentifyArgs(['--out', 'o.mp4', '--fast'])).toThrow(/Unknown/);
  });
});
