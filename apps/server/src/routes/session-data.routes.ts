import type { FastifyInstance } from 'fastify';
import {
  emptyRecycleBinEndpoint,
  getSessionEndpoint,
  listComparisonReportsEndpoint,
  patchSessionEndpoint,
  permanentRemoveSessionEndpoint,
  renameSessionEndpoint,
  restoreSessionEndpoint,
  trashSessionEndpoint,
  validSessionsEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { RemovalService } from '../services/removal.service';
import { listComparisonReports } from '../services/report.service';
import { SessionDataService } from '../services/session-data.service';

/** SPEC §7 session data calls and the comparison report list. */
export function sessionDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sessions = new SessionDataService(deps);
  registerEndpoint(app, deps, validSessionsEndpoint, async ({ body, auth, reply }) => {
    if ('skip_no_trials' in body) return sessions.ofSubject(auth?.user.id ?? null, body);
    // A page of the user's list is sent as the JSON text the service built (and may have cached).
    const json = await sessions.validPageJson(auth?.user.id ?? null, body);
    return reply.type('application/json; charset=utf-8').send(json);
  });
  registerEndpoint(app, deps, getSessionEndpoint, ({ params, auth }) =>
    sessions.get(params.id, auth?.user.id ?? null),
  );
  registerEndpoint(app, deps, patchSessionEndpoint, ({ params, body, auth }) =>
    sessions.setPublic(params.id, auth.user.id, body.public),
  );
  registerEndpoint(app, deps, renameSessionEndpoint, ({ params, body, auth }) =>
    sessions.rename(params.id, auth.user.id, body.sessionNewName),
  );
  registerEndpoint(app, deps, trashSessionEndpoint, ({ params, auth }) =>
    sessions.trash(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, restoreSessionEndpoint, ({ params, auth }) =>
    sessions.restore(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, permanentRemoveSessionEndpoint, ({ params, auth }) =>
    sessions.remove(params.id, auth.user.id),
  );
  registerEndpoint(app, deps, emptyRecycleBinEndpoint, ({ auth }) =>
    new RemovalService(deps).emptyBin(auth.user.id),
  );
  registerEndpoint(app, deps, listComparisonReportsEndpoint, ({ auth }) =>
    listComparisonReports(deps, auth.user.id),
  );
}
