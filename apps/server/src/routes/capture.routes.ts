import type { FastifyInstance } from 'fastify';
import {
  cancelTrialEndpoint,
  completeUploadEndpoint,
  createUploadEndpoint,
  deviceInfoEndpoint,
  getQrEndpoint,
  nCalibratedCamerasEndpoint,
  newSessionEndpoint,
  newSubjectEndpoint,
  pairEndpoint,
  recordEndpoint,
  sessionSettingsEndpoint,
  setMetadataEndpoint,
  setSubjectEndpoint,
  statusEndpoint,
  stopEndpoint,
  uploadChunkEndpoint,
} from '@poselab/contract';
import { captureHub, closeCaptureHub } from '../capture/hub';
import { registerCaptureSocket } from '../capture/socket';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import {
  createSession,
  getQr,
  nCalibratedCameras,
  newSessionSameSetup,
  sessionFramerates,
  setMetadata,
  setSubject,
} from '../services/capture-session.service';
import { deviceInfo, pairDevice } from '../services/device-pairing.service';
import { assertLicenseActive } from '../services/license';
import { cancelTrial, ownedSession, startRecording, stopRecording } from '../services/recording.service';
import { sessionStatus } from '../services/capture-status.service';
import { sessionDto } from '../services/session-dto';
import { sessionQrCode } from '../capture/qr';
import { appendChunk, completeUpload, createUpload, MAX_CHUNK_BYTES } from '../services/upload.service';

/** SPEC §7 'Setting up and recording' and the phone protocol (pairing, WebSocket, resumable uploads). */
export function captureRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The hub starts with the app so that it hears the other replicas' phones from the start.
  captureHub(deps);
  app.addHook('onClose', async () => closeCaptureHub(deps));

  registerEndpoint(app, deps, newSessionEndpoint, ({ auth }) => {
    assertLicenseActive(deps, auth.user);
    return createSession(deps, auth.user.id);
  });
  registerEndpoint(app, deps, getQrEndpoint, ({ auth, params }) => getQr(deps, auth.user.id, params.id));
  registerEndpoint(app, deps, setMetadataEndpoint, ({ auth, params, query }) =>
    setMetadata(deps, auth.user.id, params.id, query),
  );
  registerEndpoint(app, deps, setSubjectEndpoint, ({ auth, params, query }) =>
    setSubject(deps, auth.user.id, params.id, query.subject_id),
  );
  registerEndpoint(app, deps, recordEndpoint, ({ auth, params, query }) => {
    assertLicenseActive(deps, auth.user);
    return startRecording(deps, auth.user.id, params.id, query);
  });
  registerEndpoint(app, deps, stopEndpoint, ({ auth, params }) =>
    stopRecording(deps, auth.user.id, params.id),
  );
  registerEndpoint(app, deps, cancelTrialEndpoint, ({ auth, params }) =>
    cancelTrial(deps, auth.user.id, params.id),
  );
  registerEndpoint(app, deps, statusEndpoint, async ({ auth, params, query }) => {
    const s = await ownedSession(deps, params.id, auth.user.id);
    const status = await sessionStatus(deps, s.id, query.trial_id);
    if (!query.ret_session) return status;
    const session = await sessionDto(deps, s, {
      viewerId: auth.user.id,
      qrcode: await sessionQrCode(deps, s),
    });
    return { ...status, session };
  });
  registerEndpoint(app, deps, nCalibratedCamerasEndpoint, async ({ auth, params }) => ({
    data: await nCalibratedCameras(deps, auth.user.id, params.id),
  }));
  registerEndpoint(app, deps, sessionSettingsEndpoint, async ({ auth, params }) => ({
    framerates: await sessionFramerates(deps, auth.user.id, params.id),
  }));
  registerEndpoint(app, deps, newSubjectEndpoint, ({ auth, params }) => {
    assertLicenseActive(deps, auth.user);
    return newSessionSameSetup(deps, auth.user.id, params.id);
  });

  // Phones.
  registerEndpoint(app, deps, pairEndpoint, ({ body, req }) =>
    pairDevice(deps, body, String(req.headers['user-agent'] ?? ''), req.ip),
  );
  registerEndpoint(app, deps, deviceInfoEndpoint, ({ auth }) => deviceInfo(deps, auth.deviceId));
  registerEndpoint(app, deps, createUploadEndpoint, ({ auth, body }) => createUpload(deps, auth, body));
  // Chunks arrive as raw bytes; the parser is scoped to the upload route.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: MAX_CHUNK_BYTES },
      (_req, body, done) => done(null, body),
    );
    registerEndpoint(scope, deps, uploadChunkEndpoint, ({ auth, params, query, body }) =>
      appendChunk(deps, auth, params.uploadId, query.offset, body as unknown as Buffer),
    );
  });
  registerEndpoint(app, deps, completeUploadEndpoint, ({ auth, params }) =>
    completeUpload(deps, auth, params.uploadId),
  );
  registerCaptureSocket(app, deps);
}
