import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  calibrationImgEndpoint,
  importCalibrationEndpoint,
  importCalibrationMapping,
  importCalibrationPreviewEndpoint,
  neutralImgEndpoint,
  reprocessEndpoint,
  type ImportCalibrationMapping,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { badRequest } from '../http/http-error';
import { CalibrationImportService } from '../services/calibration-import.service';
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

  const imports = new CalibrationImportService(deps);
  registerEndpoint(app, deps, importCalibrationPreviewEndpoint, async ({ params, auth, req }) => {
    const upload = await readCalibrationUpload(req);
    return imports.preview(params.id, auth.user.id, upload.fileName, upload.text);
  });
  registerEndpoint(app, deps, importCalibrationEndpoint, async ({ params, auth, req }) => {
    const upload = await readCalibrationUpload(req);
    return imports.import(params.id, auth.user.id, upload.fileName, upload.text, upload.mapping);
  });

  workerProtocolRoutes(app, deps);
}

const MISSING_FILE = 'Send the calibration file as multipart field "file".';

/** The calibration file (multipart "file", ≤ 5 MB) and the optional "mapping" field (JSON array). */
async function readCalibrationUpload(
  req: FastifyRequest,
): Promise<{ fileName: string; text: string; mapping: ImportCalibrationMapping | null }> {
  if (!req.isMultipart()) throw badRequest(MISSING_FILE, { file: ['Required.'] });
  let file: { fileName: string; buffer: Buffer } | null = null;
  let mappingText: string | null = null;
  for await (const part of req.parts({
    limits: { fileSize: MAX_CALIBRATION_FILE_BYTES, fields: 4, files: 1 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated)
        throw badRequest('The calibration file is larger than 5 MB.', { file: ['Too large.'] });
      file = { fileName: part.filename || 'calibration', buffer };
    } else if (part.fieldname === 'mapping') mappingText = String(part.value);
  }
  if (!file) throw badRequest(MISSING_FILE, { file: ['Required.'] });
  if (file.buffer.length === 0) throw badRequest('The calibration file is empty.', { file: ['Empty file.'] });
  let mapping: ImportCalibrationMapping | null = null;
  if (mappingText !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(mappingText);
    } catch {
      parsed = undefined;
    }
    const result = importCalibrationMapping.safeParse(parsed);
    if (!result.success)
      throw badRequest('The camera assignment must be a list of phone ids (or null) per camera.', {
        mapping: ['Invalid.'],
      });
    mapping = result.data;
  }
  return { fileName: file.fileName, text: file.buffer.toString('utf8'), mapping };
}
