import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOsim } from '../osim/read-osim';
import { readMot } from '../io/mot';
import { visualizerTransforms, type VisualizerTransforms } from '../io/visualizer';
import { compareVisualizerTransforms } from '../testing/compare-visualizer';
import { HAS_SHARED_DATA, SHARED_DATA, sharedDataMessage } from '../testing/shared-data';
import { writeOsim } from '../osim/write-osim';

const dir = resolve(SHARED_DATA, 'opencap-fk-reference');

describe.skipIf(!HAS_SHARED_DATA)('FK parity with OpenSim (LaiUhlrich2022 scaled)', () => {
  if (!HAS_SHARED_DATA) console.warn(sharedDataMessage());
  const load = () => ({
    model: readOsim(readFileSync(resolve(dir, 'LaiUhlrich2022_scaled.osim'), 'utf8')),
    motion: readMot(readFileSync(resolve(dir, 'DJ1_videoAndMocap.mot'), 'utf8')),
    reference: JSON.parse(
      readFileSync(resolve(dir, 'visualizerTransforms.json'), 'utf8'),
    ) as VisualizerTransforms,
  });

  it('reproduces every body within 1 mm and 0.1 degree in every frame', () => {
    const { model, motion, reference } = load();
    const ours = visualizerTransforms(model, motion);
    expect(Object.keys(ours.bodies)).toEqual(Object.keys(reference.bodies));
    expect(ours.time).toEqual(reference.time);
    const cmp = compareVisualizerTransforms(ours, reference);
    expect(cmp.maxTranslationMm).toBeLessThan(1);
    expect(cmp.maxRotationDeg).toBeLessThan(0.1);
    for (const [name, body] of Object.entries(reference.bodies)) {
      expect(ours.bodies[name].attachedGeometries).toEqual(body.attachedGeometries);
      ours.bodies[name].scaleFactors.forEach((v, i) => expect(v).toBeCloseTo(body.scaleFactors[i], 12));
    }
  });

  it('keeps the kinematics through writeOsim → readOsim', () => {
    const { model, motion } = load();
    const again = readOsim(writeOsim(model));
    expect(again.markers.length).toBe(model.markers.length);
    expect(again.couplers.length).toBe(2);
    const cmp = compareVisualizerTransforms(
      visualizerTransforms(again, motion),
      visualizerTransforms(model, motion),
    );
    expect(cmp.maxTranslationMm).toBeLessThan(1e-6);
  });

  it('types coordinates as OpenSim does (coupled patella, translational pelvis)', () => {
    const { model } = load();
    const type = (n: string) => model.coordinates.find((c) => c.name === n)?.motionType;
    expect(type('knee_angle_r')).toBe('rotational');
    expect(type('knee_angle_r_beta')).toBe('coupled');
    expect(type('pelvis_tx')).toBe('translational');
  });
});
