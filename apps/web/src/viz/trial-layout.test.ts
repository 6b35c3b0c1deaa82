import { describe, expect, it } from 'vitest';
import { TRIAL_COLORS, trialColor, trialOffset } from './trial-layout';

describe('trial layout', () => {
  it('has eight distinct colours that cycle', () => {
    expect(new Set(TRIAL_COLORS).size).toBe(8);
    expect(trialColor(8)).toBe(trialColor(0));
    expect(trialColor(9)).toBe(TRIAL_COLORS[1]);
  });
  it('spaces trials 1.2 apart around the origin', () => {
    expect(trialOffset(0, 1)).toBe(0);
    expect(trialOffset(1, 2) - trialOffset(0, 2)).toBeCloseTo(1.2, 12);
    expect(trialOffset(0, 3)).toBeCloseTo(-1.2, 12);
  });
});

describe('camera framing', () => {
  it('keeps every corner of eight trials inside the 45° view', async () => {
    const { Box3, PerspectiveCamera, Vector3 } = await import('three');
    const { CAMERA_FOV, fitDistance } = await import('./camera-fit');
    const box = new Box3(new Vector3(-0.5, 0, -4.6), new Vector3(0.5, 1.9, 4.6));
    const centre = box.getCenter(new Vector3());
    const dir = new Vector3(0.85, 0.25, 0.2).normalize();
    const aspect = 824 / 460;
    const camera = new PerspectiveCamera(CAMERA_FOV, aspect, 0.05, 100);
    camera.position.copy(centre).addScaledVector(dir, fitDistance(box, centre, dir, aspect));
    camera.lookAt(centre);
    camera.updateMatrixWorld();
    for (const x of [box.min.x, box.max.x])
      for (const y of [box.min.y, box.max.y])
        for (const z of [box.min.z, box.max.z]) {
          const ndc = new Vector3(x, y, z).project(camera);
          expect(Math.abs(ndc.x)).toBeLessThanOrEqual(1);
          expect(Math.abs(ndc.y)).toBeLessThanOrEqual(1);
        }
  });
});
