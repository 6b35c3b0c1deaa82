import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { resolveUserToken } from '../http/auth';
import { openMedia } from '../services/media.service';
import { shareGrantOf } from '../services/share-access';
import { attachmentDisposition } from '../storage/storage';

/**
 * GET /api/media/<key>: stored media, authorised by media.service at every request; local media with Range
 * support (video seeking), S3 media by a redirect to a short-lived presigned URL.
 */
export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const key = decodeURIComponent((req.params as { '*': string })['*']);
    const query = req.query as {
      exp?: string;
      v?: string;
      dl?: string;
      sig?: string;
      subject_id?: string;
      share_token?: string;
    };
    const auth = await resolveUserToken(deps, req.headers.authorization);
    const media = await openMedia(deps, {
      key,
      exp: query.exp,
      v: query.v,
      dl: query.dl,
      sig: query.sig,
      viewerId: auth?.verified ? auth.user.id : null,
      share: shareGrantOf(query),
      range: req.headers.range,
    });
    reply.header('x-content-type-options', 'nosniff');
    if (media.kind === 'redirect') {
      return reply.header('cache-control', 'no-store').redirect(media.location, 302);
    }
    reply
      .status(media.status)
      .header('content-type', media.contentType)
      .header('content-length', media.length)
      .header('accept-ranges', 'bytes')
      // Short: access is decided per request, so a browser should not keep serving revoked media for long.
      .header('cache-control', 'private, max-age=300');
    if (media.contentRange) reply.header('content-range', media.contentRange);
    if (media.downloadName) reply.header('content-disposition', attachmentDisposition(media.downloadName));
    return reply.send(media.stream);
  });
}
