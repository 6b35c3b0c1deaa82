import { randomUUID } from 'node:crypto';
import {
  ALPHA_DASH_CUSTOM,
  IMPORT_ERROR_CODES,
  IMPORT_MAX_VIDEO_BYTES,
  IMPORT_MESSAGES,
  IMPORT_MIN_CAMERAS,
  IMPORT_VIDEO_MIMES,
  MESSAGES,
  type ImportFile,
  type UploadMeta,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound } from '../http/http-error';
import { DeviceRepository, type DeviceRow } from '../repositories/device.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { UploadRepository } from '../repositories/upload.repository';
import { VideoRepository } from '../repositories/video.repository';
import { mediaKeys } from '../storage/media-keys';
import { isImportedSession, ownedImportSession } from './import-session.service';
import { checkUploadsComplete, saveNeutralSubject, trialMeta, type RecordInput } from './recording.service';
import { appendAt, asOnlyWriter, assertQuota } from './upload.service';
import { probeVideoFile } from './video-content';

/**
 * Imported trials: the browser announces one file per camera, then sends each through the phones' resumable
 * protocol (chunks appended only where the stored bytes end, one writer at a time). A file that turns out not
 * to be a readable video discards the whole trial, so nothing is stored half-way; the last good file queues
 * the trial exactly as a phone's last upload does.
 */

type ImportedTrialMeta = { imported?: boolean; files?: Array<{ device_id: string; file_name: string }> };

/** The file's MIME type, or the one its extension implies when the browser gave none. */
export function importMime(file: Pick<ImportFile, 'mime' | 'file_name'>): string | null {
  const mime = file.mime.toLowerCase().split(';')[0].trim();
  if ((IMPORT_VIDEO_MIMES as readonly string[]).includes(mime)) return mime;
  if (mime !== '' && mime !== 'application/octet-stream') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.file_name)?.[1]?.toLowerCase();
  if (ext === 'mp4' || ext === 'm4v') return 'video/mp4';
  if (ext === 'mov') return 'video/quicktime';
  if (ext === 'webm') return 'video/webm';
  return null;
}

function extensionOfMime(mime: string): string {
  return mime === 'video/webm' ? 'webm' : mime === 'video/quicktime' ? 'mov' : 'mp4';
}

/** Why the announced files cannot make a trial of these cameras (first problem, with the camera's field). */
function checkFiles(files: ImportFile[], cameras: DeviceRow[]): void {
  const fail = (status: number, message: string, field: string, code?: string) => {
    throw new HttpError(status, message, { [field]: [message], ...(code ? { code: [code] } : {}) });
  };
  if (cameras.length < IMPORT_MIN_CAMERAS || files.length < IMPORT_MIN_CAMERAS)
    fail(
      400,
      IMPORT_MESSAGES.tooFewCameras(Math.min(files.length, cameras.length)),
      'files',
      'import_camera_count',
    );
  for (const f of files) {
    const camera = cameras.find((c) => c.id === f.device_id);
    if (!camera) fail(400, IMPORT_MESSAGES.unknownCamera, f.device_id);
    if (files.filter((g) => g.device_id === f.device_id).length > 1)
      fail(400, IMPORT_MESSAGES.twoFilesOneCamera(camera!.name), f.device_id);
    if (!importMime(f))
      fail(415, IMPORT_MESSAGES.notVideo(f.file_name), f.device_id, IMPORT_ERROR_CODES.notVideo);
    if (f.total_bytes > IMPORT_MAX_VIDEO_BYTES) fail(413, IMPORT_MESSAGES.tooLarge(f.file_name), f.device_id);
  }
  for (const c of cameras)
    if (!files.some((f) => f.device_id === c.id))
      fail(400, IMPORT_MESSAGES.missingCamera(c.name), c.id, IMPORT_ERROR_CODES.missingCamera);
}

/** Deletes an imported trial with every byte and row it has so far (a bad file, or a new start). */
async function discardTrial(deps: AppDeps, trial: TrialRow): Promise<void> {
  await new TrialRepository(deps.db).delete(trial.id);
  await deps.storage.deletePrefix(mediaKeys.trial(trial.session_id, trial.id));
}

type UploadRef = { device_id: string; upload_id: string; received_bytes: number };

/** The uploads of `trial` when it was started with these very files (names and sizes), else null. */
async function sameFilesUploads(
  deps: AppDeps,
  trial: TrialRow,
  files: ImportFile[],
): Promise<UploadRef[] | null> {
  const rows = await new UploadRepository(deps.db).listByTrial(trial.id);
  const videos = new VideoRepository(deps.db);
  const out: UploadRef[] = [];
  for (const f of files) {
    const u = rows.find((r) => r.device_id === f.device_id);
    if (!u) {
      if (await videos.findByTrialDevice(trial.id, f.device_id)) continue;
      return null;
    }
    const fileName = (JSON.parse(u.meta) as { file_name?: string }).file_name;
    if (u.total_bytes !== f.total_bytes || fileName !== f.file_name) return null;
    const stored = (await deps.storage.stat(u.storage_key))?.size ?? 0;
    out.push({ device_id: f.device_id, upload_id: u.id, received_bytes: stored });
  }
  return out;
}

/**
 * An earlier start of the same trial with the same files that is still uploading is resumed (a reload, a lost
 * network); any other import of the session still waiting for files is discarded (the user started over).
 */
async function resumable(deps: AppDeps, sessionId: string, name: string, files: ImportFile[]) {
  const trials = await new TrialRepository(deps.db).listBySession(sessionId);
  let found: { trial: TrialRow; rows: UploadRef[] } | null = null;
  for (const t of trials) {
    if (t.status !== 'stopped' || t.uploads_completed_at || !(trialMeta(t) as ImportedTrialMeta).imported)
      continue;
    const rows: UploadRef[] | null =
      !found && t.name === name ? await sameFilesUploads(deps, t, files) : null;
    if (rows) found = { trial: t, rows };
    else await discardTrial(deps, t);
  }
  return found;
}

export async function startImportTrial(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  body: { name: string; files: ImportFile[]; subject?: Partial<Omit<RecordInput, 'name' | 'recalibrate'>> },
): Promise<{
  trial_id: string;
  uploads: Array<{ device_id: string; upload_id: string; received_bytes: number }>;
}> {
  const session = await ownedImportSession(deps, sessionId, userId);
  const name = body.name.trim();
  if (name !== 'calibration' && name !== 'neutral' && !ALPHA_DASH_CUSTOM.test(name))
    throw badRequest(MESSAGES.alphaDashCustom, { name: [MESSAGES.alphaDashCustom] });
  const cameras = await new DeviceRepository(deps.db).listBySession(session.id);
  checkFiles(body.files, cameras);
  const files = cameras.map((c) => body.files.find((f) => f.device_id === c.id)!);

  const again = await resumable(deps, session.id, name, files);
  if (again) return { trial_id: again.trial.id, uploads: again.rows };

  await assertQuota(
    deps,
    { session_id: session.id },
    files.reduce((n, f) => n + f.total_bytes, 0),
  );
  if (name === 'neutral') await saveNeutralSubject(deps, userId, session, { name, ...(body.subject ?? {}) });

  const now = deps.clock.now().toISOString();
  const trialId = randomUUID();
  await new TrialRepository(deps.db).insert({
    id: trialId,
    session_id: session.id,
    name,
    status: 'stopped',
    tags: '[]',
    meta: JSON.stringify({
      imported: true,
      devices: cameras.map((c) => c.id),
      files: files.map((f) => ({ device_id: f.device_id, file_name: f.file_name })),
    }),
    progress_percent: null,
    progress_message: null,
    expected_videos: cameras.length,
    trashed: 0,
    trashed_at: null,
    started_at: now,
    stopped_at: now,
    created_at: now,
    updated_at: now,
  });
  const uploads = new UploadRepository(deps.db);
  const out = [];
  for (const f of files) {
    const id = randomUUID();
    const meta: UploadMeta & { file_name: string } = {
      mime: importMime(f)!,
      model: '',
      fps: f.fps ?? 30,
      width: f.width ?? 1,
      height: f.height ?? 1,
      rotation: 0,
      duration_sec: f.duration_sec ?? 0,
      start_time_ms: null,
      frame_timestamps: null,
      file_name: f.file_name,
    };
    await uploads.insertIfAbsent({
      id,
      trial_id: trialId,
      device_id: f.device_id,
      storage_key: mediaKeys.upload(session.id, trialId, f.device_id, id),
      received_bytes: 0,
      total_bytes: f.total_bytes,
      meta: JSON.stringify(meta),
      created_at: now,
      updated_at: now,
    });
    out.push({ device_id: f.device_id, upload_id: id, received_bytes: 0 });
  }
  return { trial_id: trialId, uploads: out };
}

/** The upload, its trial and the camera, when the caller owns the imported session. */
async function ownImportUpload(deps: AppDeps, userId: string, uploadId: string) {
  const row = await new UploadRepository(deps.db).findById(uploadId);
  const trial = row ? await new TrialRepository(deps.db).findById(row.trial_id) : undefined;
  const session = trial ? await new SessionRepository(deps.db).findById(trial.session_id) : undefined;
  if (!row || !trial || !session || session.user_id !== userId || !isImportedSession(session.meta))
    throw notFound('Upload not found.');
  const camera = await new DeviceRepository(deps.db).findById(row.device_id);
  const meta = JSON.parse(row.meta) as UploadMeta & { file_name: string };
  return { row, trial, camera: camera?.name ?? 'A camera', meta };
}

export async function importUploadStatus(
  deps: AppDeps,
  userId: string,
  uploadId: string,
): Promise<{ received_bytes: number; total_bytes: number; complete: boolean }> {
  const { row } = await ownImportUpload(deps, userId, uploadId);
  const stored = (await deps.storage.stat(row.storage_key))?.size ?? 0;
  return { received_bytes: stored, total_bytes: row.total_bytes, complete: false };
}

export async function appendImportChunk(
  deps: AppDeps,
  userId: string,
  uploadId: string,
  offset: number,
  chunk: Buffer,
): Promise<{ received_bytes: number }> {
  const { row, trial, meta } = await ownImportUpload(deps, userId, uploadId);
  try {
    return await appendAt(deps, row, offset, chunk);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415) {
      // Not the video it was announced as: the trial goes, so no camera keeps a half-imported trial.
      await discardTrial(deps, trial);
      const message = IMPORT_MESSAGES.notVideo(meta.file_name);
      throw new HttpError(415, message, { [row.device_id]: [message], code: [IMPORT_ERROR_CODES.notVideo] });
    }
    throw err;
  }
}

/**
 * A complete file becomes the camera's video of the trial, with the frame rate, size, rotation and duration
 * ffprobe reads in it. A file with no readable video stream discards the trial (422, naming file and camera).
 */
export async function completeImportUpload(
  deps: AppDeps,
  userId: string,
  uploadId: string,
): Promise<{ video_id: string; queued: boolean }> {
  const { row, trial, camera, meta } = await ownImportUpload(deps, userId, uploadId);
  const videoId = randomUUID();
  const finalKey = mediaKeys.video(trial.session_id, trial.id, row.device_id, extensionOfMime(meta.mime));
  await asOnlyWriter(deps, row.id, async () => {
    const part = await deps.storage.stat(row.storage_key);
    if (!part || part.size !== row.total_bytes)
      throw conflict(`Upload incomplete: ${part?.size ?? 0} of ${row.total_bytes} bytes received.`);
    const info = await probeVideoFile(await deps.storage.get(row.storage_key));
    if ('problem' in info) {
      await discardTrial(deps, trial);
      const message = IMPORT_MESSAGES.noVideoStream(meta.file_name, camera);
      throw new HttpError(422, message, {
        [row.device_id]: [message],
        code: [IMPORT_ERROR_CODES.noVideoStream],
      });
    }
    await deps.storage.move(row.storage_key, finalKey);
    await new UploadRepository(deps.db).completeAsVideo(row.id, {
      id: videoId,
      trial_id: trial.id,
      device_id: row.device_id,
      storage_key: finalKey,
      mime: meta.mime,
      size_bytes: row.total_bytes,
      fps: info.fps,
      width: info.width,
      height: info.height,
      rotation: info.rotation,
      duration_sec: info.duration_sec,
      start_time_ms: null,
      frame_timestamps: null,
      model: '',
      created_at: deps.clock.now().toISOString(),
    });
  });
  await checkUploadsComplete(deps, trial.id);
  const after = await new TrialRepository(deps.db).findById(trial.id);
  return { video_id: videoId, queued: Boolean(after?.uploads_completed_at) };
}
