import type { AnalysisResult } from '@poselab/contract';

/** Functions whose trials are done on one leg or on both (SPEC §8: squat, CMJ, DVJ). */
export const LEGGED_FUNCTIONS = ['squat', 'cmj', 'drop_jump', 'counter_movement_jump', 'dvj'] as const;

/**
 * Whether a result is single-leg or double-leg, from its details: a `leg_type` ('double_leg',
 * 'single_leg_left', 'single_leg_right'), or the types of its repetitions. Null when it does not say.
 */
export function legKind(result: AnalysisResult): 'single' | 'double' | 'mixed' | null {
  const d = result.details;
  const found: string[] = [];
  const take = (v: unknown) => {
    if (typeof v === 'string') found.push(v.toLowerCase());
  };
  take(d.leg_type);
  take(d.type);
  if (Array.isArray(d.leg_types)) d.leg_types.forEach(take);
  if (Array.isArray(d.repetitions)) {
    for (const r of d.repetitions) {
      if (r && typeof r === 'object') {
        take((r as Record<string, unknown>).leg_type);
        take((r as Record<string, unknown>).type);
      }
    }
  }
  const single = found.some((v) => v.includes('single'));
  const double = found.some((v) => v.includes('double'));
  if (single && double) return 'mixed';
  return single ? 'single' : double ? 'double' : null;
}

/** SPEC §8: single-leg trials cannot be compared with double-leg trials. */
export function mixesLegTypes(results: AnalysisResult[]): boolean {
  const kinds = new Set(results.map(legKind).filter((k) => k !== null));
  return kinds.has('mixed') || (kinds.has('single') && kinds.has('double'));
}
