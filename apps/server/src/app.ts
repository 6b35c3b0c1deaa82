import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/error-handler';
import { installRequestLog } from './http/logging';
import { routeModules } from './routes';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  https?: { key: string; cert: string } | null;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/**
 * Builds the Fastify app: API under /api, the API reference at /api/docs (Swagger UI, served from npm) with its
 * OpenAPI document at /api/docs/json, the web app with history-mode fallback.
 */
export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    https: opts.https ?? null,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; otherwise any client could pick
    // its own address and walk past every per-address limit.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // One line per request from installRequestLog instead of Fastify's 'incoming' and 'completed' pair.
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestLog(app);
  // No answer of this server may be sniffed into another type (an uploaded 'video' holding HTML, say).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PoseLab API',
        version: '0.1.0',
        description: 'Markerless motion capture from phone cameras (SPEC §7).',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: "'Token {token}'" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'PoseLab API reference' },
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  // Phone messages are small JSON (hello, heartbeats, state): nobody, signed in or not, may send megabytes.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      for (const register of routeModules) register(api, deps);
    },
    { prefix: '/api' },
  );

  const webDist = deps.config.webDist;
  const serveWeb = (opts.serveWeb ?? true) && existsSync(join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: `No API route ${req.method} ${path}` });
    }
    // The phone capture page is its own small bundle (apps/web/capture.html).
    if (serveWeb && (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/capture/')) {
      return reply.header('cache-control', 'no-cache').sendFile('capture.html');
    }
    // History-mode fallback: every other GET loads the app, whose router decides.
    if (serveWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });

  return app;
}
