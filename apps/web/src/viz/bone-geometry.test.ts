import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Box3, Vector3 } from 'three';
import { generateBodyGeometry } from './bone-geometry';
import { parseVisualizerTransforms } from './transforms';

const fixture = resolve(
  __dirname,
  '../../../../../shared/data/opencap-fk-reference/visualizerTransforms.json',
);

describe.skipIf(!existsSync(fixture))(
  'generated bone meshes on the OpenCap FK reference (../shared/data)',
  () => {
    const t = parseVisualizerTransforms(JSON.parse(readFileSync(fixture, 'utf8')));

    it("draws the same bodies at 'low' detail (software WebGL) with under half the triangles", () => {
      const triangles = (detail: 'high' | 'low') =>
        Object.keys(t.bodies).reduce((sum, name) => {
          const g = generateBodyGeometry(t.bodies, name, detail);
          expect(g, `${name} at ${detail}`).not.toBeNull();
          return sum + (g!.index ? g!.index.count : g!.getAttribute('position').count) / 3;
        }, 0);
      const high = triangles('high');
      const low = triangles('low');
      expect(high).toBeGreaterThan(3000);
      expect(low).toBeLessThan(high / 2);
    });

    it('draws every body that has geometry', () => {
      for (const name of Object.keys(t.bodies)) {
        expect(generateBodyGeometry(t.bodies, name), name).not.toBeNull();
      }
    });

    it('the femur reaches the knee (tibia origin) once scaled by the scale factors', () => {
      const femur = t.bodies.femur_r;
      const g = generateBodyGeometry(t.bodies, 'femur_r')!;
      g.computeBoundingBox();
      const box = (g.boundingBox as Box3).clone();
      const s = new Vector3(...femur.scaleFactors);
      box.min.multiply(s);
      box.max.multiply(s);
      // LaiUhlrich2022 femur: knee about 0.4 m below the hip.
      expect(box.min.y).toBeLessThan(-0.38);
      expect(box.min.y).toBeGreaterThan(-0.5);
      expect(box.max.y).toBeLessThan(0.05);
    });
  },
);
