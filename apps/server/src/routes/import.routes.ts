import type { FastifyInstance } from 'fastify';
import {
  completeImportUploadEndpoint,
  createImportSessionEndpoint,
  IMPORT_CHUNK_BYTES,
  importUploadChunkEndpoint,
  importUploadStatusEndpoint,
  reuseCalibrationEndpoint,
  startImportTrialEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { assertLicenseActive } from '../services/license';
import { createImportSession, reuseCalibration } from '../services/import-session.service';
import {
  appendImportChunk,
  completeImportUpload,
  importUploadStatus,
  startImportTrial,
} from '../services/import-upload.service';

/** Sessions from video files (issue #28): the browser uploads files through the phones' resumable protocol. */
export function importRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, createImportSessionEndpoint, ({ auth, body }) => {
    assertLicenseActive(deps, auth.user);
    return createImportSession(deps, auth.user.id, body.n_cameras);
  });
  registerEndpoint(app, deps, reuseCalibrationEndpoint, ({ auth, params, body }) =>
    reuseCalibration(deps, auth.user.id, params.id, body.from_session_id),
  );
  registerEndpoint(app, deps, startImportTrialEndpoint, ({ auth, params, body }) => {
    assertLicenseActive(deps, auth.user);
    return startImportTrial(deps, auth.user.id, params.id, body);
  });
  registerEndpoint(app, deps, importUploadStatusEndpoint, ({ auth, params }) =>
    importUploadStatus(deps, auth.user.id, params.uploadId),
  );
  // Chunks arrive as raw bytes (at most one chunk in memory per request); the parser is scoped to this route.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: IMPORT_CHUNK_BYTES },
      (_req, body, done) => done(null, body),
    );
    registerEndpoint(scope, deps, importUploadChunkEndpoint, ({ auth, params, query, body }) =>
      appendImportChunk(deps, auth.user.id, params.uploadId, query.offset, body as unknown as Buffer),
    );
  });
  registerEndpoint(app, deps, completeImportUploadEndpoint, ({ auth, params }) =>
    completeImportUpload(deps, auth.user.id, params.uploadId),
  );
}
