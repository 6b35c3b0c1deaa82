import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { authRoutes } from './auth.routes';
import { captureRoutes } from './capture.routes';
import { healthRoutes } from './health.routes';
import { mediaRoutes } from './media.routes';
import { profileRoutes } from './profile.routes';
import { sessionDataRoutes } from './session-data.routes';
import { subjectRoutes } from './subject.routes';
import { trialDataRoutes } from './trial-data.routes';
import { processingRoutes } from './processing.routes';
import { archiveRoutes } from './archive.routes';
import { analysisDashboardRoutes } from './analysis-dashboard.routes';
import { analysisRoutes } from './analysis.routes';
import { importRoutes } from './import.routes';

/**
 * Every API route module, registered under /api. Each domain adds its module here (one line each):
 * auth.routes (accounts), session/subject/trial routes (data), capture routes, processing routes.
 */
export const routeModules: Array<(app: FastifyInstance, deps: AppDeps) => void> = [
  healthRoutes,
  mediaRoutes,
  authRoutes,
  profileRoutes,
  sessionDataRoutes,
  trialDataRoutes,
  subjectRoutes,
  processingRoutes,
  captureRoutes,
  archiveRoutes,
  analysisDashboardRoutes,
  analysisRoutes,
  importRoutes,
];
