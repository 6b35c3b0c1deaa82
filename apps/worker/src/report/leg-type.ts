import type { AnalysisResult } from '@poselab/contract';

/**
 * Whether a result is of single-leg or double-leg repetitions: packages/analysis's squat gives each repetition
 * a `type` ('double_leg', 'single_leg_l', 'single_leg_r') in details.repetitions and their counts in
 * details.types; a trial counts as the type most of its repetitions have. Null when the result does not say
 * (gait, jumps, sit-to-stand).
 */
export function legKind(result: AnalysisResult): 'single' | 'double' | null {
  const d = result.details;
  const counts = { single: 0, double: 0 };
  const add = (type: unknown, n = 1) => {
    if (typeof type !== 'string') return;
    if (type.includes('single')) counts.single += n;
    else if (type.includes('double')) counts.double += n;
  };
  if (d.types && typeof d.types === 'object' && !Array.isArray(d.types)) {
    for (const [type, n] of Object.entries(d.types as Record<string, unknown>)) add(type, Number(n) || 0);
  } else if (Array.isArray(d.repetitions)) {
    for (const r of d.repetitions) if (r && typeof r === 'object') add((r as Record<string, unknown>).type);
  }
  add(d.leg_type);
  if (counts.single === 0 && counts.double === 0) return null;
  return counts.single > counts.double ? 'single' : 'double';
}

/** SPEC §8: single-leg trials cannot be compared with double-leg trials (squat, CMJ, DVJ). */
export function mixesLegTypes(results: AnalysisResult[]): boolean {
  const kinds = new Set(results.map(legKind).filter((k) => k !== null));
  return kinds.size > 1;
}
