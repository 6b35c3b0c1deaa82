import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readMot } from '@poselab/biomech';
import {
  ANALYSIS_FAILURE_TAG,
  analysisJobPayload,
  analysisResultTag,
  type AnalysisJobSpec,
} from '@poselab/contract';
import { AnalysisDataError, analysisModel, runAnalysis, trialKinematics } from '@poselab/analysis';
import { ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';

/**
 * An analysis job: the trial's IK motion through forward kinematics of its scaled model, then the pure
 * analysis function. A trial the function cannot analyse (too few gait cycles, no jump …) is the data's
 * fault: its coded message goes up as a failure record and the job fails without retries.
 */
export async function processAnalysis(ctx: JobContext<AnalysisJobSpec>): Promise<ProcessorOutcome> {
  const payload = analysisJobPayload.parse(ctx.spec.payload);
  const input = (role: string) => ctx.spec.inputs.find((i) => i.role === role);
  const motionInput = input('ik_results');
  if (!motionInput) throw new Error('analysis job without an ik_results input');
  const modelInput = input('opensim_model');
  const kinematics = await ctx.step('kinematics', 10, 'Reading joint angles', async () => {
    const motion = readMot(await readFile(await ctx.downloadInput(motionInput.id), 'utf8'));
    const osim = modelInput ? await readFile(await ctx.downloadInput(modelInput.id), 'utf8') : null;
    const { model, source } = analysisModel(osim, payload.subject?.height_m ?? null);
    return {
      kin: trialKinematics(model, motion, { modelIsTheMotions: source === 'trial' }),
      source,
      modelName: model.name,
    };
  });
  const subject = {
    heightM: payload.subject?.height_m ?? null,
    massKg: payload.subject?.weight_kg ?? null,
    sex: payload.subject?.sex ?? null,
  };
  const result = await ctx.step('analysis', 50, 'Analysing', async () => {
    try {
      return runAnalysis(payload.function_id, kinematics.kin, subject);
    } catch (err) {
      if (!(err instanceof AnalysisDataError)) throw err;
      await ctx.putResult({
        tag: ANALYSIS_FAILURE_TAG,
        deviceId: null,
        meta: { code: err.code, params: err.params, message: err.message },
        fileName: null,
        filePath: null,
      });
      throw new ProcessingError(err.message, `${payload.function_id}: ${err.code}`);
    }
  });
  result.details = { ...result.details, model: kinematics.source, model_name: kinematics.modelName };
  await ctx.step('store', 90, 'Storing the result', async () => {
    const fileName = `analysis_${payload.function_id}.json`;
    const filePath = join(ctx.workDir, fileName);
    await writeFile(filePath, JSON.stringify(result));
    await ctx.putResult({
      tag: analysisResultTag(payload.function_id),
      deviceId: null,
      meta: { function_id: payload.function_id },
      fileName,
      filePath,
    });
  });
  return { message: 'Analysis done' };
}
