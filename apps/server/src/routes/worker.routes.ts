import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import {
  claimJobEndpoint,
  completeJobEndpoint,
  failJobEndpoint,
  heartbeatEndpoint,
  jobInputEndpoint,
  jobResultFileEndpoint,
  jobVideoEndpoint,
  postResultEndpoint,
  postResultStreamEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { badRequest } from '../http/http-error';
import { WorkerProtocolService } from '../services/worker-protocol.service';

/** Streamed results (archives of whole sessions with videos) may be large; the storage quota limits users. */
const MAX_STREAMED_RESULT_BYTES = 64 * 1024 * 1024 * 1024;

/**
 * The worker protocol over HTTP ('Authorization: Worker <token>'): remote workers claim jobs, stream their
 * videos down, post results up and finish. The embedded pool speaks the same service through thread messages.
 */
export function workerProtocolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = (log: FastifyInstance['log']) => new WorkerProtocolService(deps, log);

  registerEndpoint(app, deps, claimJobEndpoint, async ({ body, req }) => ({
    job: await service(req.log).claim(body.worker_id, body.kinds),
  }));

  registerEndpoint(app, deps, heartbeatEndpoint, ({ params, body, req }) =>
    service(req.log).heartbeat(params.id, body.worker_id, { percent: body.percent, message: body.message }),
  );

  registerEndpoint(app, deps, jobVideoEndpoint, async ({ params, req, reply }) => {
    const file = await service(req.log).openVideo(params.id, params.videoId);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });

  registerEndpoint(app, deps, jobResultFileEndpoint, async ({ params, req, reply }) => {
    const file = await service(req.log).openResult(params.id, params.resultId);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .send(file.stream);
  });

  registerEndpoint(app, deps, jobInputEndpoint, async ({ params, req, reply }) => {
    const file = await service(req.log).openInput(params.id, params.inputId);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .send(file.stream);
  });

  // Large results (archives) arrive as a raw stream that goes to storage without being buffered.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { bodyLimit: MAX_STREAMED_RESULT_BYTES },
      (_req, body, done) => done(null, body),
    );
    registerEndpoint(scope, deps, postResultStreamEndpoint, async ({ params, req, reply }) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : '';
      };
      const workerId = header('x-worker-id');
      const tag = header('x-result-tag');
      if (!workerId || !tag) throw badRequest('x-worker-id and x-result-tag are required.');
      let meta: Record<string, unknown> = {};
      try {
        const raw = header('x-result-meta');
        if (raw) meta = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        throw badRequest('x-result-meta must be base64url-encoded JSON.');
      }
      try {
        return await service(req.log).putResult(params.id, workerId, {
          tag,
          deviceId: header('x-result-device-id') || null,
          meta,
          fileName: header('x-result-file-name') || null,
          body: req.body as Readable,
        });
      } catch (err) {
        // The rest of the body is not wanted: answer, then close, rather than wait for gigabytes to drain.
        reply.header('connection', 'close');
        throw err;
      }
    });
  });

  registerEndpoint(app, deps, postResultEndpoint, async ({ params, req }) => {
    if (!req.isMultipart()) throw badRequest('Send results as multipart/form-data.');
    const fields: Record<string, string> = {};
    let stored: { id: string } | null = null;
    const store = (file: MultipartFile | null) => {
      if (!fields.worker_id || !fields.tag) throw badRequest('worker_id and tag must come before the file.');
      let meta: Record<string, unknown>;
      try {
        meta = fields.meta ? (JSON.parse(fields.meta) as Record<string, unknown>) : {};
      } catch {
        throw badRequest('meta must be JSON.');
      }
      return service(req.log).putResult(params.id, fields.worker_id, {
        tag: fields.tag,
        deviceId: fields.device_id || null,
        meta,
        fileName: fields.file_name || file?.filename || null,
        body: file ? file.file : null,
      });
    };
    for await (const part of req.parts({ limits: { fileSize: 2 * 1024 * 1024 * 1024 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        stored = await store(part);
        if (part.file.truncated) throw badRequest('The result file is too large.');
      }
    }
    return stored ?? (await store(null));
  });

  registerEndpoint(app, deps, completeJobEndpoint, async ({ params, body, req }) => {
    await service(req.log).complete(params.id, body.worker_id, body);
    return { ok: true };
  });

  registerEndpoint(app, deps, failJobEndpoint, async ({ params, body, req }) => {
    await service(req.log).fail(params.id, body.worker_id, body);
    return { ok: true };
  });
}
