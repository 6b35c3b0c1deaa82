import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { appInfoEndpoint, healthEndpoint } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, healthEndpoint, async () => {
    await sql`select 1`.execute(deps.db);
    return {
      status: 'ok' as const,
      version: process.env.npm_package_version ?? '0.1.0',
      database: deps.dialect,
    };
  });
  registerEndpoint(app, deps, appInfoEndpoint, async () => ({
    support_email: deps.config.supportEmail ?? null,
  }));
}
