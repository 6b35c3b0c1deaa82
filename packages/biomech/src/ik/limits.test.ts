import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import { buildProblem } from './problem';
import { limitFlags, makeWorkspace } from './solve-frame';
import { solveIK } from './solve-ik';
import { normaliseTurns } from './turns';

const DEG = Math.PI / 180;
const model = loadBuiltinModel();
const names = [...KEYPOINT_NAMES];
const idx = (n: string) => model.coordinates.findIndex((c) => c.name === n);

/** Keypoints of the built-in model at these poses. */
function frames(poses: Record<string, number>[]) {
  return {
    names,
    time: poses.map((_p, i) => i / 60),
    frames: poses.map((q) => {
      const p = markerPositions(model, { pelvis_ty: 0.95, ...q });
      return Float64Array.from(names.flatMap((n) => p[n]));
    }),
  };
}

describe('IK near joint limits', () => {
  it('flags a coordinate the markers pull past its limit, not one resting on it', () => {
    // A knee hyperextended by 20° in the data: the model's knee stops at 0° and is flagged; a straight knee is not.
    // (The weak prior keeps the pelvis from trading its tilt against both hips, which keypoints barely see.)
    const data = frames([{ knee_angle_r: -20 * DEG }, { knee_angle_r: 0 }]);
    const res = solveIK(model, data, { prior: 1e-3 });
    expect(res.frames[0][idx('knee_angle_r')]).toBeCloseTo(0, 6);
    expect(res.atLimit[0][idx('knee_angle_r')]).toBe(-1);
    expect(res.atLimit[1][idx('knee_angle_r')]).toBe(0);
    expect(res.atLimit[0][idx('knee_angle_l')]).toBe(0);
  });

  it('judges a translation near its limit in millimetres, not by the half degree of a rotation', () => {
    // pelvis_tx clamped to ±1 cm, as narrow as the shoulder model's scapula translations (sh_tz: 1 cm).
    const narrow = {
      ...model,
      coordinates: model.coordinates.map((c) =>
        c.name === 'pelvis_tx' ? { ...c, range: [-0.01, 0.01] as [number, number], clamped: true } : c,
      ),
    };
    const at = (tx: number) => {
      const p = markerPositions(narrow, { pelvis_ty: 0.95, pelvis_tx: tx });
      return Float64Array.from(names.flatMap((n) => p[n]));
    };
    const problem = buildProblem(narrow, names, undefined);
    const ws = makeWorkspace(problem, 0);
    const flag = (q: number, data: number) => {
      const pose = new Float64Array(narrow.coordinates.length);
      pose[idx('pelvis_ty')] = 0.95;
      pose[idx('pelvis_tx')] = q;
      return limitFlags(problem, pose, at(data), [], ws)[idx('pelvis_tx')];
    };
    // 5 mm inside its range (held there by smoothing, say) while the markers pull it 4 cm further: not on the
    // limit (the half degree read as metres, 8.7 mm, called it so).
    expect(flag(0.005, 0.05)).toBe(0);
    // On the limit, the markers 3 mm beyond it: at the limit (under 8.7 mm it was not).
    expect(flag(0.01, 0.013)).toBe(1);
    expect(flag(-0.01, -0.013)).toBe(-1);
    // On the limit and the markers there: nothing pulls it out.
    expect(flag(0.01, 0.01)).toBe(0);
  });

  it('keeps a coordinate off its limit with a soft limit unless the markers insist', () => {
    const data = frames([{ hip_flexion_r: -25 * DEG }]);
    const hard = solveIK(model, data);
    const soft = solveIK(model, data, {
      softLimits: { marginRad: 10 * DEG, weight: 10, coordinates: ['hip_flexion_r'] },
    });
    expect(hard.frames[0][idx('hip_flexion_r')] / DEG).toBeCloseTo(-25, 1);
    // Inside the 10° margin (-30° + 10°) the soft limit pulls it back towards -20°.
    expect(soft.frames[0][idx('hip_flexion_r')] / DEG).toBeGreaterThan(-25);
    expect(soft.frames[0][idx('hip_flexion_r')] / DEG).toBeLessThan(-19);
  });

  it('holds a relation between two coordinates with a coupling target', () => {
    const data = frames([{ lumbar_extension: -10 * DEG, pelvis_tilt: -10 * DEG }]);
    const res = solveIK(model, data, {
      couplingTargets: [
        { coordinate: 'lumbar_extension', other: 'pelvis_tilt', gain: 1, value: 0, weight: 1 },
      ],
    });
    const q = res.frames[0];
    expect((q[idx('lumbar_extension')] - q[idx('pelvis_tilt')]) / DEG).toBeCloseTo(0, 0);
  });
});

describe('normaliseTurns', () => {
  it('shifts an unclamped rotation by whole turns, keeping it continuous (262° reads -98°)', () => {
    const i = idx('arm_flex_r');
    const series = [262, 270, 290].map((d) => {
      const q = new Float64Array(model.coordinates.length);
      q[i] = d * DEG;
      q[idx('knee_angle_r')] = 400 * DEG; // clamped coordinates are left alone
      return q;
    });
    normaliseTurns(model, series);
    expect(series.map((q) => Math.round(q[i] / DEG))).toEqual([-98, -90, -70]);
    expect(series[0][idx('knee_angle_r')] / DEG).toBeCloseTo(400, 6);
  });
});
