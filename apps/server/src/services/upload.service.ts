import { randomUUID } from 'node:crypto';
import { UPLOAD_ERROR_CODES, UPLOAD_MESSAGES, type UploadMeta } from '@poselab/contract';
import type { DeviceAuth } from '../http/auth';
import type { AppDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound } from '../http/http-error';
import { DeviceRepository, type DeviceRow } from '../repositories/device.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { UploadRepository, type UploadRow } from '../repositories/upload.repository';
import { VideoRepository } from '../repositories/video.repository';
import { mediaKeys } from '../storage/media-keys';
import { checkUploadsComplete, failTrial, phoneLabel, trialMeta } from './recording.service';
import { containerOf, hasSignature, probeVideoStream } from './video-content';

/** Largest chunk accepted in one request (the phone sends 512 KiB). */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
/** Largest video accepted (a 60 s 1080p recording is far below). */
export const MAX_VIDEO_BYTES = 2 * 1024 ** 3;
/** How long one request may hold an upload for writing (a chunk is in memory: appending takes moments). */
const WRITER_CLAIM_MS = 2 * 60_000;

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

/**
 * Runs `fn` as the one writer of the upload: of parallel requests (a phone retrying while its first try is
 * still running) exactly one gets the claim, the others are told to ask again where the bytes end.
 */
export async function asOnlyWriter<T>(deps: AppDeps, uploadId: string, fn: () => Promise<T>): Promise<T> {
  const uploads = new UploadRepository(deps.db);
  const writer = randomUUID();
  const now = deps.clock.now();
  const until = new Date(now.getTime() + WRITER_CLAIM_MS).toISOString();
  if (!(await uploads.claimWriter(uploadId, writer, now.toISOString(), until))) {
    throw conflict(UPLOAD_MESSAGES.writerBusy);
  }
  try {
    return await fn();
  } finally {
    await uploads.releaseWriter(uploadId, writer);
  }
}

/** Refuses an upload that would take the owner past the storage quota (STORAGE_QUOTA_GB). */
export async function assertQuota(
  deps: AppDeps,
  trial: Pick<TrialRow, 'session_id'>,
  bytes: number,
): Promise<void> {
  const quota = deps.config.storageQuotaBytes;
  if (quota === null) return;
  const session = await new SessionRepository(deps.db).findById(trial.session_id);
  if (!session) throw notFound('Trial not found.');
  const used = await new UploadRepository(deps.db).bytesOfUser(session.user_id);
  if (used + bytes > quota) {
    // 0.002, 99.5, 100: no trailing zeros (the web app finds the text in its catalogue by its wording).
    const gb = (n: number) => String(Number((n / 1024 ** 3).toFixed(n < 1024 ** 3 ? 3 : 1)));
    throw new HttpError(413, UPLOAD_MESSAGES.quotaFull(gb(used), gb(quota)));
  }
}

/**
 * Starts an upload, or answers how far an earlier one got (the bytes in storage are the truth). Idempotent
 * per trial and device: a second call, even a parallel one, gets the same upload.
 */
export async function createUpload(
  deps: AppDeps,
  auth: DeviceAuth,
  input: { trial_id: string; total_bytes: number; meta: UploadMeta },
): Promise<{ upload_id: string | null; received_bytes: number; complete: boolean }> {
  if (input.total_bytes > MAX_VIDEO_BYTES) throw badRequest('The video is too large.');
  const ext = extensionOf(input.meta.mime);
  const trial = await trialForDevice(deps, auth, input.trial_id);
  if (await new VideoRepository(deps.db).findByTrialDevice(trial.id, auth.deviceId)) {
    return { upload_id: null, received_bytes: input.total_bytes, complete: true };
  }
  if (trial.status !== 'recording' && trial.status !== 'stopped') throw notFound(UPLOAD_MESSAGES.trialClosed);
  const uploads = new UploadRepository(deps.db);
  const now = deps.clock.now().toISOString();
  let existing = await uploads.findByTrialDevice(trial.id, auth.deviceId);
  if (!existing) {
    await assertQuota(deps, trial, input.total_bytes);
    const id = randomUUID();
    const inserted = await uploads.insertIfAbsent({
      id,
      trial_id: trial.id,
      device_id: auth.deviceId,
      storage_key: mediaKeys.upload(trial.session_id, trial.id, auth.deviceId, id),
      received_bytes: 0,
      total_bytes: input.total_bytes,
      meta: JSON.stringify(input.meta),
      created_at: now,
      updated_at: now,
    });
    if (inserted) return { upload_id: id, received_bytes: 0, complete: false };
    // A parallel call inserted first: answer its upload.
    existing = await uploads.findByTrialDevice(trial.id, auth.deviceId);
    if (!existing) throw conflict('The upload changed meanwhile. Try again.');
  }
  const row = existing;
  return asOnlyWriter(deps, row.id, async () => {
    let received = (await deps.storage.stat(row.storage_key))?.size ?? 0;
    const sameRecording = row.total_bytes === input.total_bytes && received <= input.total_bytes;
    if (!sameRecording || extensionOf(JSON.parse(row.meta).mime as string) !== ext) {
      // A different recording than the one begun: start over.
      await deps.storage.delete(row.storage_key);
      received = 0;
    }
    await uploads.update(row.id, {
      total_bytes: input.total_bytes,
      received_bytes: received,
      meta: JSON.stringify(input.meta),
      updated_at: now,
    });
    return { upload_id: row.id, received_bytes: received, complete: false };
  });
}

/**
 * Appends a chunk at `offset`, which must be where the stored bytes end (409 otherwise: ask again). One
 * request writes an upload at a time; the first chunk must carry the declared container's signature.
 */
export async function appendChunk(
  deps: AppDeps,
  auth: DeviceAuth,
  uploadId: string,
  offset: number,
  chunk: Buffer,
): Promise<{ received_bytes: number }> {
  const row = await ownUpload(deps, auth, uploadId);
  return appendAt(deps, row, offset, chunk);
}

/**
 * The protocol's append, whoever sends (a phone, or a browser importing files): only at the end of the stored
 * bytes, one writer at a time, never past the announced size, the container's signature in the first chunk.
 */
export async function appendAt(
  deps: AppDeps,
  row: UploadRow,
  offset: number,
  chunk: Buffer,
): Promise<{ received_bytes: number }> {
  if (!Buffer.isBuffer(chunk) || chunk.length === 0)
    throw badRequest('Send the chunk as application/octet-stream.');
  return asOnlyWriter(deps, row.id, async () => {
    const stored = (await deps.storage.stat(row.storage_key))?.size ?? 0;
    if (offset !== stored) throw conflict(`Expected offset ${stored}.`);
    if (stored + chunk.length > row.total_bytes) throw badRequest('The chunk goes past the announced size.');
    if (offset === 0) {
      const container = containerOf((JSON.parse(row.meta) as UploadMeta).mime) ?? 'mp4';
      if (!hasSignature(container, chunk)) throw new HttpError(415, UPLOAD_MESSAGES.notThisType(container));
    }
    const info = await deps.storage.append(row.storage_key, chunk);
    await new UploadRepository(deps.db).update(row.id, {
      received_bytes: info.size,
      updated_at: deps.clock.now().toISOString(),
    });
    return { received_bytes: info.size };
  });
}

/**
 * Turns a finished upload into the trial's video: ffprobe must read it as the declared container, then the
 * file moves into place and the video row is inserted (with the upload row deleted) in one transaction. A
 * retry after a crash between the two finds the moved file and finishes the job. A file that is no video
 * fails its trial with a message naming the phone.
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
  const device = await new DeviceRepository(deps.db).findById(auth.deviceId);
  const videoId = randomUUID();
  await asOnlyWriter(deps, row.id, async () => {
    const part = await deps.storage.stat(row.storage_key);
    if (part) {
      if (part.size !== row.total_bytes) {
        throw conflict(`Upload incomplete: ${part.size} of ${row.total_bytes} bytes received.`);
      }
      await assertReadableVideo(deps, row, trial, device, meta);
      await deps.storage.move(row.storage_key, finalKey);
    } else {
      const moved = await deps.storage.stat(finalKey);
      if (!moved || moved.size !== row.total_bytes) {
        throw conflict(`Upload incomplete: 0 of ${row.total_bytes} bytes received.`);
      }
    }
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
  });
  await checkUploadsComplete(deps, trial.id);
  return { video_id: videoId };
}

async function assertReadableVideo(
  deps: AppDeps,
  row: UploadRow,
  trial: TrialRow,
  device: DeviceRow | undefined,
  meta: UploadMeta,
): Promise<void> {
  const container = containerOf(meta.mime) ?? 'mp4';
  const problem = await probeVideoStream(await deps.storage.get(row.storage_key), container);
  if (!problem) return;
  const phone = phoneLabel(device, row.device_id);
  await deps.storage.delete(row.storage_key);
  await new UploadRepository(deps.db).delete(row.id);
  await failTrial(deps, trial.id, UPLOAD_MESSAGES.unreadable(phone), UPLOAD_ERROR_CODES.unreadable, {
    phones: [phone],
  });
  throw new HttpError(422, UPLOAD_MESSAGES.unreadable(phone));
}
