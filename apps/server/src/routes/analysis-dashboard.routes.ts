import type { FastifyInstance } from 'fastify';
import {
  analysisDashboardDataEndpoint,
  findReportDownloadEndpoint,
  getAnalysisDashboardEndpoint,
  listAnalysisDashboardsEndpoint,
  renewShareTokenEndpoint,
  reportDownloadEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { AnalysisDashboardService } from '../services/analysis-dashboard.service';
import { ComparisonReportService } from '../services/comparison-report.service';
import { renewShareToken } from '../services/subject-share.service';

/** SPEC §7 analysis dashboards, comparison reports and the subject share token's renewal. */
export function analysisDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const dashboards = new AnalysisDashboardService(deps);
  const reports = new ComparisonReportService(deps);
  registerEndpoint(app, deps, listAnalysisDashboardsEndpoint, ({ auth }) => dashboards.list(auth.user.id));
  registerEndpoint(app, deps, getAnalysisDashboardEndpoint, ({ params, query, auth }) =>
    dashboards.get(params.id, auth?.user.id ?? null, query),
  );
  registerEndpoint(app, deps, analysisDashboardDataEndpoint, ({ params, query, auth }) =>
    dashboards.dataOf(params.id, auth?.user.id ?? null, query),
  );
  registerEndpoint(app, deps, reportDownloadEndpoint, ({ params, body, auth }) =>
    reports.request(auth.user.id, params.function, body.trial_ids),
  );
  registerEndpoint(app, deps, findReportDownloadEndpoint, ({ params, body, auth }) =>
    reports.find(auth.user.id, params.function, body.trial_ids),
  );
  registerEndpoint(app, deps, renewShareTokenEndpoint, ({ params, auth }) =>
    renewShareToken(deps, auth.user.id, params.id),
  );
}
