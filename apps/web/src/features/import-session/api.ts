import {
  completeImportUploadEndpoint,
  createImportSessionEndpoint,
  importUploadChunkEndpoint,
  importUploadStatusEndpoint,
  reuseCalibrationEndpoint,
  startImportTrialEndpoint,
  buildPath,
  type EndpointBody,
} from '@poselab/contract';
import { API_BASE, apiCall } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { authStore } from '../../auth/auth-store';
import { UploadHttpError, type UploadTransport } from './file-uploader';

/** Calls of 'New session from video files' (packages/contract imports.ts). */
export const importApi = {
  createSession: (nCameras: number) =>
    apiCall(createImportSessionEndpoint, { body: { n_cameras: nCameras } }),
  reuseCalibration: (id: string, fromSessionId: string) =>
    apiCall(reuseCalibrationEndpoint, { params: { id }, body: { from_session_id: fromSessionId } }),
  startTrial: (id: string, body: EndpointBody<typeof startImportTrialEndpoint>) =>
    apiCall(startImportTrialEndpoint, { params: { id }, body }),
};

/** The fetch transport of the uploader: chunks go as raw bytes, the server's answers as UploadHttpError. */
export const fetchTransport: UploadTransport = {
  async put(uploadId, offset, chunk, signal) {
    const url = `${API_BASE}${buildPath(importUploadChunkEndpoint.path, { uploadId })}?offset=${offset}`;
    const token = authStore.get().token;
    const res = await fetch(url, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/octet-stream',
        ...(token ? { Authorization: `Token ${token}` } : {}),
      },
      body: chunk,
      signal,
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const message = typeof body.message === 'string' ? body.message : `HTTP ${res.status}`;
      throw new UploadHttpError(res.status, message, body);
    }
    return Number(body.received_bytes);
  },
  async status(uploadId) {
    try {
      return (await apiCall(importUploadStatusEndpoint, { params: { uploadId } })).received_bytes;
    } catch (err) {
      if (err instanceof ApiError && err.status > 0)
        throw new UploadHttpError(err.status, err.message, err.body);
      throw err;
    }
  },
  async complete(uploadId) {
    try {
      return await apiCall(completeImportUploadEndpoint, { params: { uploadId } });
    } catch (err) {
      if (err instanceof ApiError && err.status > 0)
        throw new UploadHttpError(err.status, err.message, err.body);
      throw err;
    }
  },
};
