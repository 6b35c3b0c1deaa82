import type { AnalysisResult } from '@poselab/contract';
import { analysisFunctionSpec } from '../registry';
import type { AnalysisSubject, TrialKinematics } from '../types';
import { analyzeBalance } from './balance';
import { analyzeGait } from './gait';
import { analyzeJump } from './jump';
import { analyzeSitToStand } from './sit-to-stand';
import { analyzeSquat } from './squat';

export type AnalysisRun = (kin: TrialKinematics, subject: AnalysisSubject) => AnalysisResult;

/** The computation behind each registry id (registry.ts holds what the functions are). */
export const ANALYSIS_RUNS: Record<string, AnalysisRun> = {
  gait: (kin, subject) => analyzeGait(kin, subject, { mode: 'auto', functionId: 'gait' }),
  treadmill_gait: (kin, subject) =>
    analyzeGait(kin, subject, { mode: 'treadmill', functionId: 'treadmill_gait' }),
  squat: analyzeSquat,
  drop_jump: (kin, subject) => analyzeJump(kin, subject, 'drop_jump'),
  counter_movement_jump: (kin, subject) => analyzeJump(kin, subject, 'counter_movement_jump'),
  sit_to_stand: analyzeSitToStand,
  balance: analyzeBalance,
};

/**
 * Runs one analysis function. Throws AnalysisDataError (user words, code, params) when the trial cannot give
 * what the function needs, and Error for an unknown id.
 */
export function runAnalysis(
  functionId: string,
  kin: TrialKinematics,
  subject: AnalysisSubject,
): AnalysisResult {
  const run = ANALYSIS_RUNS[functionId];
  if (!run || !analysisFunctionSpec(functionId)) throw new Error(`Unknown analysis function '${functionId}'`);
  const result = run(kin, subject);
  if (kin.conventions)
    result.details = {
      ...result.details,
      conventions: {
        basis: kin.conventions.basis,
        knee_flexion_in_motion: kin.conventions.kneeFlexion,
        reversed: kin.conventions.reversed,
      },
    };
  return result;
}
