import { randomUUID } from 'node:crypto';
import type { UploadMeta } from '@poselab/contract';
import type { DeviceAuth } from '../http/auth';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../http/http-error';
import { DeviceRepository } from '../repositories/device.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { UploadRepository, type UploadRow } from '../repositories/upload.repository';
import { VideoRepository } from '../repositories/video.repository';
import { mediaKeys } from '../storage/media-keys';
import { checkUploadsComplete, trialMeta } from './recording.service';

/** Largest chunk accepted in one request (the phone sends 1 MiB). */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
/** Largest video accepted (a 60 s 1080p recording is far below). */
export const MAX_VIDEO_BYTES = 2 * 1024 ** 3;

function extensionOf(mime: string): string {
  const m = mime.toLowerCase();
  if (m.startsWith('video/mp4')) return 'mp4';
  if (m.startsWith('video/webm')) return 'webm';
  if (m.startsWith('video/quicktime')) return 'mov';
  throw badRequest(`Unsupported video type ${mime}.`, { mime: ['Use video/mp4 or video/webm.'] });
}

/** Only a phone that was asked to record this trial may upload its video. */
async function trialForDevice(deps: AppDeps, auth: DeviceAuth, trialId: string): Promise<TrialRow> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial || !(trialMeta(trial).devices ?? []).includes(auth.deviceId)) throw notFound('Trial not found.');
  return trial;
}

async function ownUpload(deps: AppDeps, auth: DeviceAuth, uploadId: string): Promise<UploadRow> {
  const row = await new UploadRepository(deps.db).findById(uploadId);
  if (!row || row.device_id !== auth.deviceId) throw notFound('Upload not found.');
  return row;
}

/** Starts an upload, or answers how far an earlier one got (the bytes in storage are the truth). */
export async function createUpload(
  deps: AppDeps,
  auth: DeviceAuth,
  input: { trial_id: string; total_bytes: number; meta: UploadMeta },
): Promise<{ upload_id: string | null; received_bytes: number; complete: boolean }> {
  if (input.total_bytes > MAX_VIDEO_BYTES) throw badRequest('The video is too large.');
  extensionOf(input.meta.mime);
  const trial = await trialForDevice(deps, auth, input.trial_id);
  if (await new VideoRepository(deps.db).findByTrialDevice(trial.id, auth.deviceId)) {
    return { upload_id: null, received_bytes: input.total_bytes, complete: true };
  }
  const uploads = new UploadRepository(deps.db);
  const now = deps.clock.now().toISOString();
  const existing = await uploads.findByTrialDevice(trial.id, auth.deviceId);
  if (existing) {
    let received = (await deps.storage.stat(existing.storage_key))?.size ?? 0;
    if (existing.total_bytes !== input.total_bytes || received > input.total_bytes) {
      // A different recording than the one begun: start over.
      await deps.storage.delete(existing.storage_key);
      received = 0;
    }
    await uploads.update(existing.id, {
      total_bytes: input.total_bytes,
      received_bytes: received,
      meta: JSON.stringify(input.meta),
      updated_at: now,
    });
    return { upload_id: existing.id, received_bytes: received, complete: false };
  }
  const id = randomUUID();
  const key = mediaKeys.upload(trial.session_id, trial.id, auth.deviceId);
  await deps.storage.delete(key);
  await uploads.insert({
    id,
    trial_id: trial.id,
    device_id: auth.deviceId,
    storage_key: key,
    received_bytes: 0,
    total_bytes: input.total_bytes,
    meta: JSON.stringify(input.meta),
    created_at: now,
    updated_at: now,
  });
  return { upload_id: id, received_bytes: 0, complete: false };
}

/** Appends a chunk at `offset`, which must be where the stored bytes end (409 otherwise: ask again). */
export async function appendChunk(
  deps: AppDeps,
  auth: DeviceAuth,
  uploadId: string,
  offset: number,
  chunk: Buffer,
): Promise<{ received_bytes: number }> {
  const row = await ownUpload(deps, auth, uploadId);
  if (!Buffer.isBuffer(chunk) || chunk.length === 0)
    throw badRequest('Send the chunk as application/octet-stream.');
  const stored = (await deps.storage.stat(row.storage_key))?.size ?? 0;
  if (offset !== stored) throw conflict(`Expected offset ${stored}.`);
  if (stored + chunk.length > row.total_bytes) throw badRequest('The chunk goes past the announced size.');
  const info = await deps.storage.append(row.storage_key, chunk);
  await new UploadRepository(deps.db).update(row.id, {
    received_bytes: info.size,
    updated_at: deps.clock.now().toISOString(),
  });
  return { received_bytes: info.size };
}

/**
 * Turns a finished upload into the trial's video: the file moves into place and the video row is inserted
 * (with the upload row deleted) in one transaction. A retry after a crash between the two finds the moved
 * file and finishes the job.
 */
export async function completeUpload(
  deps: AppDeps,
  auth: DeviceAuth,
  uploadId: string,
): Promise<{ video_id: string }> {
  const row = await ownUpload(deps, auth, uploadId);
  const trial = await trialForDevice(deps, auth, row.trial_id);
  const meta = JSON.parse(row.meta) as UploadMeta;
  const finalKey = mediaKeys.video(trial.session_id, trial.id, auth.deviceId, extensionOf(meta.mime));
  const part = await deps.storage.stat(row.storage_key);
  if (part) {
    if (part.size !== row.total_bytes) {
      throw conflict(`Upload incomplete: ${part.size} of ${row.total_bytes} bytes received.`);
    }
    await deps.storage.move(row.storage_key, finalKey);
  } else {
    const moved = await deps.storage.stat(finalKey);
    if (!moved || moved.size !== row.total_bytes) {
      throw conflict(`Upload incomplete: 0 of ${row.total_bytes} bytes received.`);
    }
  }
  const device = await new DeviceRepository(deps.db).findById(auth.deviceId);
  const videoId = randomUUID();
  await new UploadRepository(deps.db).completeAsVideo(row.id, {
    id: videoId,
    trial_id: trial.id,
    device_id: auth.deviceId,
    storage_key: finalKey,
    mime: meta.mime,
    size_bytes: row.total_bytes,
    fps: meta.fps,
    width: meta.width,
    height: meta.height,
    rotation: meta.rotation,
    duration_sec: meta.duration_sec,
    start_time_ms: meta.start_time_ms,
    frame_timestamps: meta.frame_timestamps ? JSON.stringify(meta.frame_timestamps) : null,
    model: meta.model || device?.model || '',
    created_at: deps.clock.now().toISOString(),
  });
  await checkUploadsComplete(deps, trial.id);
  return { video_id: videoId };
}
