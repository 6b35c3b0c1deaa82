import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeFrames } from '../video/decode';
import { createFaceModel, type FaceModel } from './face-model';
import { scanFaces } from './face-scan';

const clip = path.resolve(
  import.meta.dirname,
  '../../../../../shared/data/pose2sim-demo/balancing/cam01.mp4',
);

/**
 * The blurring model runs converted to ONNX: on the demo's frames (the subject and a bystander, ~30 tiles in
 * one batch) it must find the faces tfjs finds, where tfjs finds them. A batch of several tiles once came out
 * scrambled (the converter sized Keras' batch reshapes for one image).
 */
describe.skipIf(!existsSync(clip))('BlazeFace short range on onnxruntime', () => {
  const models: FaceModel[] = [];
  afterAll(() => models.forEach((m) => m.dispose()));

  it(
    'finds the same faces as on tfjs, scores within 1e-3 and boxes within 0.5 px',
    { timeout: 120_000 },
    async () => {
      const onnx = await createFaceModel('short');
      const tfjs = await createFaceModel('short', { runtime: 'tfjs' });
      models.push(onnx, tfjs);
      const opts = { tileSize: 256, overlap: 96, minScore: 0.45 };
      let faces = 0;
      for await (const frame of decodeFrames(clip, 720, 1280, { everyNth: 30 })) {
        const a = await scanFaces(onnx, frame, opts);
        const b = await scanFaces(tfjs, frame, opts);
        expect(a.length).toBe(b.length);
        a.forEach((box, i) => {
          expect(Math.abs(box.score - b[i].score)).toBeLessThan(1e-3);
          for (const k of ['x', 'y', 'width', 'height'] as const)
            expect(Math.abs(box[k] - b[i][k])).toBeLessThan(0.5);
        });
        faces += a.length;
      }
      // Four frames, the subject's face in each.
      expect(faces).toBeGreaterThanOrEqual(4);
    },
  );
});
