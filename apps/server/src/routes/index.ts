import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { healthRoutes } from './health.routes';
import { mediaRoutes } from './media.routes';

/**
 * Every API route module, registered under /api. Each domain adds its module here (one line each):
 * auth.routes (accounts), session/subject/trial routes (data), capture routes, processing routes.
 */
export const routeModules: Array<(app: FastifyInstance, deps: AppDeps) => void> = [healthRoutes, mediaRoutes];
