import {
  applyScaleFactors,
  BUILTIN_REFERENCE_HEIGHT,
  loadBuiltinModel,
  readOsim,
  type Model,
} from '@poselab/biomech';

/**
 * The model to run forward kinematics on: the trial's scaled model (.osim text), or, when the trial has none,
 * the built-in model scaled uniformly to the subject's height (its reference stature when unknown). Spatial
 * results then follow the subject's height instead of the subject's own segment lengths (result details say so).
 */
export function analysisModel(
  osimText: string | null,
  heightM: number | null,
): { model: Model; source: string } {
  if (osimText) return { model: readOsim(osimText), source: 'trial' };
  const model = loadBuiltinModel();
  if (!heightM || !(heightM > 0.5 && heightM < 2.6)) return { model, source: 'builtin' };
  const f = heightM / BUILTIN_REFERENCE_HEIGHT;
  const scaled = applyScaleFactors(
    model,
    Object.fromEntries(model.bodies.map((b) => [b.name, [f, f, f] as [number, number, number]])),
  );
  return { model: scaled, source: 'builtin_scaled_to_height' };
}
