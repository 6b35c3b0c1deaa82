import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectKeypoints2D } from '../pose/detect-video';
import { deidentifyVideo, findFaceRegions } from './deidentify-video';
import { createFaceModel } from './face-model';
import { checkFaces, createPeopleModel } from './face-check.test-helper';
import { headBoxesFromKeypoints } from './regions';

const demo = path.resolve(import.meta.dirname, '../../../../../shared/data/pose2sim-demo/balancing');
const out = mkdtempSync(path.join(tmpdir(), 'poselab-deidentify-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * Acceptance 1 of issue #27 on the demo's cam01 (the subject facing the camera and a bystander): the blurring
 * face model at a lower threshold (0.3 against 0.45) finds a face on nobody's head in any de-identified frame,
 * while it finds the subject's face in at least 90 % of the original frames where the subject faces the camera.
 * The other clips and the full-range model: `npm run bench:deidentify`.
 */
describe.skipIf(!existsSync(path.join(demo, 'cam01.mp4')))('de-identifying the demo clip', () => {
  it('leaves no face a detector finds, which it found before', { timeout: 1_200_000 }, async () => {
    const input = path.join(demo, 'cam01.mp4');
    const output = path.join(out, 'cam01.mp4');
    const kp = await detectKeypoints2D(input, { variant: 'lite', workers: 1, frameStride: 6 });
    const r = await deidentifyVideo(input, output, { heads: headBoxesFromKeypoints(kp) });
    expect(r.frames).toBe(100);
    const check = await checkFaces(input, output, {
      detector: await createFaceModel('short'),
      people: await createPeopleModel(),
      minScore: 0.3,
      size: { width: r.width, height: r.height },
    });
    expect(check.frames).toBe(100);
    expect(check.subjectFacingFrames).toBeGreaterThan(50);
    expect(check.subjectFoundBefore / check.subjectFacingFrames).toBeGreaterThanOrEqual(0.9);
    expect(check.framesWithFaceAfter).toEqual([]);
  });

  it(
    'covers the masked bystander behind the subject in cam02 in every frame',
    { timeout: 300_000 },
    async () => {
      // She stands still, her face (masked, ~45 px wide) around (798, 520) of the 1080 × 1920 frame: scanned at
      // 1280 px the face model found her in 1 scan of 17 and her face stayed visible.
      const plan = await findFaceRegions(path.join(demo, 'cam02.mp4'));
      // The plan may run a few frames past the video's 100 (the last scan's step): its frames are what counts.
      const covering = plan.regions
        .slice(0, 100)
        .map((regions) =>
          regions.some((r) => r.x <= 798 && r.x + r.width >= 798 && r.y <= 520 && r.y + r.height >= 520),
        );
      expect(covering.length).toBe(100);
      expect(covering.map((c, i) => (c ? -1 : i)).filter((i) => i >= 0)).toEqual([]);
    },
  );
});
