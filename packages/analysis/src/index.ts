/**
 * @poselab/analysis: analysis functions over a trial's kinematics (pure), their registry and catalogue.
 * `@poselab/analysis/browser` is the subset without @poselab/biomech.
 */
export * from './browser';
export * from './types';
export { runAnalysis, ANALYSIS_RUNS, type AnalysisRun } from './functions';
export { trialKinematics, POINT_BODIES } from './kinematics/from-motion';
export { analysisModel } from './kinematics/model';
export { dataError } from './errors';
