import type { FastifyInstance } from 'fastify';
import {
  archiveOnReadyEndpoint,
  sessionAsyncDownloadEndpoint,
  sessionDownloadEndpoint,
  subjectAsyncDownloadEndpoint,
  subjectDownloadEndpoint,
  requestedVideoCopy,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { attachmentDisposition } from '../storage/storage';
import { ArchiveService } from '../services/archive.service';

/** SPEC §7 'Downloads': async archives (task id, then on-ready) and the old synchronous zip answers. */
export function archiveRoutes(app: FastifyInstance, deps: AppDeps): void {
  const archives = new ArchiveService(deps);
  registerEndpoint(app, deps, sessionAsyncDownloadEndpoint, ({ params, query, auth }) =>
    archives.request({ kind: 'session', id: params.id }, auth?.user.id ?? null, requestedVideoCopy(query)),
  );
  registerEndpoint(app, deps, subjectAsyncDownloadEndpoint, ({ params, query, auth }) =>
    archives.request({ kind: 'subject', id: params.id }, auth.user.id, requestedVideoCopy(query)),
  );
  registerEndpoint(app, deps, archiveOnReadyEndpoint, async ({ params, auth, reply }) => {
    const answer = await archives.status(params.task_id, auth?.user.id ?? null);
    if (answer.status === 200) return answer.body;
    return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  });
  const sendZip = (
    reply: import('fastify').FastifyReply,
    zip: { stream: NodeJS.ReadableStream; fileName: string },
  ) =>
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(zip.fileName))
      .header('cache-control', 'no-store')
      .send(zip.stream);
  registerEndpoint(app, deps, sessionDownloadEndpoint, async ({ params, query, auth, reply }) =>
    sendZip(
      reply,
      await archives.stream(
        { kind: 'session', id: params.id },
        auth?.user.id ?? null,
        requestedVideoCopy(query),
      ),
    ),
  );
  registerEndpoint(app, deps, subjectDownloadEndpoint, async ({ params, query, auth, reply }) =>
    sendZip(
      reply,
      await archives.stream({ kind: 'subject', id: params.id }, auth.user.id, requestedVideoCopy(query)),
    ),
  );
}
