import type { FastifyInstance } from 'fastify';
import {
  calibrationImgEndpoint,
  importCalibrationEndpoint,
  neutralImgEndpoint,
  reprocessEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { badRequest } from '../http/http-error';
import { ProcessingService } from '../services/processing.service';
import { workerProtocolRoutes } from './worker.routes';

const MAX_CALIBRATION_FILE_BYTES = 5 * 1024 * 1024;

/** Processing calls of SPEC §7 (calibration_img, neutral_img), calibration import, reprocess, worker protocol. */
export function processingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new ProcessingService(deps);

  registerEndpoint(app, deps, calibrationImgEndpoint, ({ params, auth }) =>
    service.specialTrialStatus(params.id, auth.user.id, 'calibration'),
  );
  registerEndpoint(app, deps, neutralImgEndpoint, ({ params, auth }) =>
    service.specialTrialStatus(params.id, auth.user.id, 'neutral'),
  );
  registerEndpoint(app, deps, reprocessEndpoint, ({ params, auth }) =>
    service.reprocess(params.id, auth.user.id),
  );

  registerEndpoint(app, deps, importCalibrationEndpoint, async ({ params, auth, req }) => {
    if (!req.isMultipart())
      throw badRequest('Send the calibration file as multipart field "file".', { file: ['Required.'] });
    const part = await req.file({ limits: { fileSize: MAX_CALIBRATION_FILE_BYTES } });
    if (!part || part.fieldname !== 'file')
      throw badRequest('Send the calibration file as multipart field "file".', { file: ['Required.'] });
    const buffer = await part.toBuffer();
    if (buffer.length === 0) throw badRequest('The calibration file is empty.', { file: ['Empty file.'] });
    return service.importCalibration(
      params.id,
      auth.user.id,
      part.filename || 'calibration',
      buffer.toString('utf8'),
    );
  });

  workerProtocolRoutes(app, deps);
}
