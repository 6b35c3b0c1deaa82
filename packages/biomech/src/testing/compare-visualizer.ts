/** Compares two visualizerTransforms documents body by body (rotation error as the angle of R_a^T R_b). */
import { rotationFromBodyFixedXYZ } from '../math/transform';
import type { VisualizerTransforms } from '../io/visualizer';

export interface VisualizerComparison {
  maxTranslationMm: number;
  maxRotationDeg: number;
  perBody: Record<string, { translationMm: number; rotationDeg: number }>;
}

function rotationAngleBetween(a: [number, number, number], b: [number, number, number]): number {
  const Ra = rotationFromBodyFixedXYZ(...a);
  const Rb = rotationFromBodyFixedXYZ(...b);
  let trace = 0;
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) trace += Ra[3 * k + i] * Rb[3 * k + i];
  return Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2)));
}

export function compareVisualizerTransforms(
  ours: VisualizerTransforms,
  reference: VisualizerTransforms,
): VisualizerComparison {
  if (ours.time.length !== reference.time.length) {
    throw new Error(`Frame counts differ: ${ours.time.length} vs ${reference.time.length}`);
  }
  const perBody: VisualizerComparison['perBody'] = {};
  let maxT = 0;
  let maxR = 0;
  for (const [name, ref] of Object.entries(reference.bodies)) {
    const b = ours.bodies[name];
    if (!b) throw new Error(`Body ${name} missing from our output`);
    let t = 0;
    let r = 0;
    for (let f = 0; f < reference.time.length; f++) {
      const dp = ref.translation[f].map((v, i) => v - b.translation[f][i]);
      t = Math.max(t, Math.hypot(dp[0], dp[1], dp[2]) * 1000);
      r = Math.max(r, (rotationAngleBetween(ref.rotation[f], b.rotation[f]) * 180) / Math.PI);
    }
    perBody[name] = { translationMm: t, rotationDeg: r };
    maxT = Math.max(maxT, t);
    maxR = Math.max(maxR, r);
  }
  return { maxTranslationMm: maxT, maxRotationDeg: maxR, perBody };
}
