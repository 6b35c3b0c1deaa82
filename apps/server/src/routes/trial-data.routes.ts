import type { FastifyInstance } from 'fastify';
import {
  getTrialEndpoint,
  modifyTrialTagsEndpoint,
  permanentRemoveTrialEndpoint,
  renameTrialEndpoint,
  restoreTrialEndpoint,
  trashTrialEndpoint,
  trialTagsEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { TrialDataService } from '../services/trial-data.service';

/** SPEC §7 trial calls and the trial tag list. */
export function trialDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const trials = new TrialDataService(deps);
  registerEndpoint(app, deps, getTrialEndpoint, ({ params, auth }) =>
    trials.get(params.id, auth?.user.id ?? null),
  );
  registerEndpoint(app, deps, renameTrialEndpoint, ({ params, body, auth }) =>
    trials.rename(params.id, auth.user.id, body.trialNewName),
  );
  registerEndpoint(app, deps, modifyTrialTagsEndpoint, ({ params, body, auth }) =>
    trials.setTags(params.id, auth.user.id, body.trialNewTags),
  );
  registerEndpoint(app, deps, trashTrialEndpoint, ({ params, auth }) =>
    trials.trash(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, restoreTrialEndpoint, ({ params, auth }) =>
    trials.restore(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, permanentRemoveTrialEndpoint, ({ params, auth }) =>
    trials.remove(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, trialTagsEndpoint, ({ params, auth }) =>
    trials.tags(params.id, auth?.user.id ?? null),
  );
}
