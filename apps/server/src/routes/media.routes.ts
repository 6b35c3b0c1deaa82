import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { resolveUserToken } from '../http/auth';
import { openMedia } from '../services/media.service';
import { shareGrantOf } from '../services/share-access';

/** GET /api/media/<key>: stored media with Range support (video seeking), authorised by media.service. */
export function mediaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const key = decodeURIComponent((req.params as { '*': string })['*']);
    const query = req.query as { exp?: string; sig?: string; subject_id?: string; share_token?: string };
    const auth = await resolveUserToken(deps, req.headers.authorization);
    const media = await openMedia(deps, {
      key,
      exp: query.exp,
      sig: query.sig,
      viewerId: auth?.verified ? auth.user.id : null,
      share: shareGrantOf(query),
      range: req.headers.range,
    });
    reply
      .status(media.status)
      .header('content-type', media.contentType)
      .header('content-length', media.length)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600');
    if (media.contentRange) reply.header('content-range', media.contentRange);
    return reply.send(media.stream);
  });
}
