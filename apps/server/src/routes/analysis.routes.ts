import type { FastifyInstance } from 'fastify';
import {
  analysisResultEndpoint,
  analysisStatesEndpoint,
  invokeAnalysisEndpoint,
  listAnalysisFunctionsEndpoint,
  pendingAnalysesEndpoint,
  taskForTrialEndpoint,
} from '@poselab/contract';
import { ANALYSIS_FUNCTION_SPECS, validateAnalysisRegistry } from '@poselab/analysis/browser';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { AnalysisService } from '../services/analysis.service';

/**
 * SPEC §7 analysis calls. Registering them checks the analysis registry first: a function without a
 * dashboard layout, or with a widget the dashboards do not know, stops the server's start.
 */
export function analysisRoutes(app: FastifyInstance, deps: AppDeps): void {
  validateAnalysisRegistry(ANALYSIS_FUNCTION_SPECS);
  const analyses = new AnalysisService(deps);
  const viewer = (auth: { user: { id: string } } | null) => ({ userId: auth?.user.id ?? null });
  registerEndpoint(app, deps, listAnalysisFunctionsEndpoint, ({ query, auth }) =>
    analyses.listFunctions(viewer(auth), query),
  );
  registerEndpoint(app, deps, analysisStatesEndpoint, ({ query, auth }) =>
    analyses.states(viewer(auth), query),
  );
  registerEndpoint(app, deps, pendingAnalysesEndpoint, ({ auth }) => analyses.pending(auth.user.id));
  registerEndpoint(app, deps, taskForTrialEndpoint, ({ params, auth }) =>
    analyses.taskForTrial(viewer(auth), params.id, params.trialId),
  );
  registerEndpoint(app, deps, invokeAnalysisEndpoint, ({ params, body, auth }) =>
    analyses.invoke(auth.user.id, params.id, body),
  );
  registerEndpoint(app, deps, analysisResultEndpoint, async ({ params, auth, reply }) => {
    const status = await analyses.resultStatus(viewer(auth), params.taskId);
    // SPEC: 202 while pending (the client polls every second), 200 once done.
    if (status.state === 'pending')
      return reply.code(202).send({ state: 'pending', task_id: status.task_id });
    return status;
  });
}
