import {
  DEIDENTIFIED_TAGS,
  DEIDENTIFIED_VIDEO_TAG,
  dataSharingOf,
  lesserCopy,
  sharesNoData,
  visitorVideoCopy,
  type VideoCopy,
} from './data-sharing';
import {
  ANALYSIS_RESULT_TAG_PREFIX,
  CAMERA_CALIBRATION_TAG,
  cameraCalibrationResult,
  type ArchiveCamera,
  type ArchiveSession,
  type CameraCalibrationResult,
  type JobInput,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { ResultRepository, type DeviceRow } from '../repositories/result.repository';
import type { SessionRow } from '../repositories/session.repository';
import {
  TrialRepository,
  type ResultRow,
  type TrialRow,
  type VideoRow,
} from '../repositories/trial.repository';
import { assignDevices, parseSessionMeta, sessionCalibration } from './job-spec';
import { mayView } from './media.service';
import { sessionIdOfKey } from '../storage/media-keys';

/** Who an archive is made for: the sessions' owner, or visitors of a public session (viewer null). */
export interface ArchiveAudience {
  kind: 'owner' | 'public';
  /** The owner's id (owner archives); null for public ones. */
  viewerId: string | null;
}

/** A stored file the archive job may read, as recorded on the archive at claim. */
export interface ArchiveInputFile {
  key: string;
  trial_id: string;
  video: boolean;
}

export interface SessionArchiveContent {
  session: ArchiveSession;
  inputs: JobInput[];
  files: Record<string, ArchiveInputFile>;
  /** The copy of the videos it holds: the one asked for, as far as the audience may have it. */
  videos: VideoCopy;
}

/** A file or folder name made safe for a zip path (trial names are validated, older data may not be). */
export function safeSegment(name: string): string {
  const s = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return s.slice(0, 120) || '_';
}

export { dataSharingOf };

/** The best copy the audience may have: the owner the originals, others what the subject's choice allows. */
export function audienceVideoCopy(session: SessionRow, audience: ArchiveAudience): VideoCopy {
  return audience.kind === 'owner' ? 'original' : sharesNoData(session) ? 'none' : visitorVideoCopy(session);
}

/**
 * The copy of the videos an archive holds: the one asked for, never more than the audience may have (the
 * owner any; others what the subject's data sharing choice allows, data-sharing.ts). A visitor asking for the
 * originals under 'de-identified videos' gets the blurred copies, as the public session shows them.
 */
export function archiveVideoCopy(
  session: SessionRow,
  audience: ArchiveAudience,
  requested: VideoCopy = 'original',
): VideoCopy {
  return lesserCopy(requested, audienceVideoCopy(session, audience));
}

/** The check made for every file an archive reads: the media access rule for the audience's viewer. */
export function mayRead(deps: AppDeps, key: string, audience: ArchiveAudience): Promise<boolean> {
  return mayView(deps, key, audience.kind === 'owner' ? audience.viewerId : null);
}

const extOf = (key: string) => /\.([A-Za-z0-9]{1,5})$/.exec(key)?.[1]?.toLowerCase() ?? 'mp4';
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN);
const finiteOrNull = (v: unknown) => (Number.isFinite(num(v)) ? num(v) : null);

function parseMeta(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The calibration the session's trials used: the neutral's chosen extrinsics over the raw calibration. */
async function calibrationOf(
  deps: AppDeps,
  session: SessionRow,
  neutral: TrialRow | undefined,
  devices: DeviceRow[],
): Promise<{
  trialId: string | null;
  calibration: CameraCalibrationResult | null;
  source: CameraCalibrationResult['source'] | null;
}> {
  const found = await sessionCalibration(deps, session);
  let calibration = found ? assignDevices(found.calibration, devices) : null;
  if (neutral) {
    const [picked] = await new ResultRepository(deps.db).ofTrial(neutral.id, CAMERA_CALIBRATION_TAG);
    const parsed = picked ? cameraCalibrationResult.safeParse(parseMeta(picked.meta)) : null;
    if (parsed?.success) calibration = assignDevices(parsed.data, devices);
  }
  return { trialId: found?.trialId ?? null, calibration, source: found?.calibration.source ?? null };
}

/**
 * What one session contributes to an archive: its folder's description (for the worker's payload) and the
 * stored files it copies, each checked with the media access rule for the audience. Trashed trials are left
 * out; results only of trials that are done.
 */
export async function sessionArchiveContent(
  deps: AppDeps,
  session: SessionRow,
  opts: { audience: ArchiveAudience; videos: VideoCopy; inputPrefix?: string },
): Promise<SessionArchiveContent> {
  const trialsRepo = new TrialRepository(deps.db);
  const resultsRepo = new ResultRepository(deps.db);
  const meta = parseSessionMeta(session);
  const devices = await resultsRepo.devicesOfSession(session.id);
  const trials = await trialsRepo.listBySession(session.id);
  const neutral = [...trials].reverse().find((t) => t.name === 'neutral' && t.status === 'done');
  const {
    trialId: calibrationTrialId,
    calibration,
    source: calibrationSource,
  } = await calibrationOf(deps, session, neutral, devices);
  const videoCopy = archiveVideoCopy(session, opts.audience, opts.videos);
  // Calibration images show the room and may show people: they go where originals may, unless the caller
  // asked for de-identified videos (an archive meant to be passed on); 'none' leaves out only the videos.
  const imageCopy = opts.videos === 'none' ? audienceVideoCopy(session, opts.audience) : videoCopy;

  // Cameras: the calibration's order (pairing order), then any other paired phone.
  const cameraDevices: Array<string | null> = calibration ? calibration.cameras.map((c) => c.device_id) : [];
  for (const d of devices) if (!cameraDevices.includes(d.id)) cameraDevices.push(d.id);
  const cameras: ArchiveCamera[] = cameraDevices.map((deviceId, index) => ({
    index,
    device_id: deviceId,
    phone_model: devices.find((d) => d.id === deviceId)?.model ?? null,
    calibration: calibration?.cameras.find((c) => c.device_id === deviceId && deviceId !== null) ?? null,
  }));
  const camOf = (deviceId: string | null) => cameras.find((c) => c.device_id === deviceId)?.index ?? null;

  // The media rule depends on the session a key lies under: asked once per session, not once per file.
  const allowed = new Map<string, Promise<boolean>>();
  const readable = (key: string) => {
    const scope = sessionIdOfKey(key) ?? key;
    if (!allowed.has(scope)) allowed.set(scope, mayRead(deps, key, opts.audience));
    return allowed.get(scope)!;
  };
  const inputs: JobInput[] = [];
  const files: Record<string, ArchiveInputFile> = {};
  const entries: ArchiveSession['files'] = [];
  const add = async (
    kind: 'video' | 'result',
    id: string,
    key: string,
    trialId: string,
    path: string,
    store: boolean,
    size: number | null,
  ) => {
    if (!(await readable(key))) return;
    const inputId = `${opts.inputPrefix ?? ''}${kind}:${id}`;
    inputs.push({ id: inputId, role: kind, name: path.split('/').pop()!, size });
    files[inputId] = { key, trial_id: trialId, video: kind === 'video' };
    entries.push({ path, input: inputId, store });
  };

  // Calibration images, from the calibration this session uses (possibly another session's); they show the
  // room and may show people: only where originals may go.
  let calibrationImages: ArchiveSession['calibration_images'] =
    calibrationSource === 'qualisys' || calibrationSource === 'toml'
      ? 'imported'
      : calibrationSource === 'recorded' && imageCopy !== 'original'
        ? 'withheld'
        : 'none';
  if (calibrationTrialId && imageCopy === 'original') {
    for (const r of await resultsRepo.ofTrial(calibrationTrialId, 'calibration-img')) {
      const cam = camOf(r.device_id);
      if (r.storage_key && cam !== null)
        await add(
          'result',
          r.id,
          r.storage_key,
          calibrationTrialId,
          `CalibrationImages/calib_imgCam${cam}.png`,
          true,
          null,
        );
    }
    if (entries.some((e) => e.path.startsWith('CalibrationImages/'))) calibrationImages = 'included';
  }

  // The blurred copies under the originals' names (the archive's layout stays the same); a video without
  // one (processed before de-identification, or its de-identification failed) is left out and listed.
  const videosLeftOut: string[] = [];
  const addBlurred = async (
    t: TrialRow,
    name: string,
    trialVideos: VideoRow[],
    tagged: (tag: string) => ResultRow[],
  ) => {
    const folder = (cam: number) => `Videos/Cam${cam}/InputMedia/${name}/${name}`;
    const blurred = (tag: string, deviceId: string | null) =>
      tagged(tag).find((r) => r.device_id === deviceId);
    const originals: Array<{ deviceId: string | null; blurredTag: string; path: (cam: number) => string }> = [
      ...trialVideos.map((v) => ({
        deviceId: v.device_id as string | null,
        blurredTag: DEIDENTIFIED_VIDEO_TAG,
        path: (cam: number) => `${folder(cam)}.mp4`,
      })),
      ...tagged('video-sync').map((r) => ({
        deviceId: r.device_id,
        blurredTag: DEIDENTIFIED_TAGS['video-sync'],
        path: (cam: number) => `${folder(cam)}_sync.mp4`,
      })),
    ];
    for (const o of originals) {
      const cam = camOf(o.deviceId);
      if (cam === null) continue;
      const copy = blurred(o.blurredTag, o.deviceId);
      if (copy?.storage_key) await add('video', copy.id, copy.storage_key, t.id, o.path(cam), true, null);
      else videosLeftOut.push(o.path(cam));
    }
  };

  const ids = trials.map((t) => t.id);
  const [videos, results] = await Promise.all([trialsRepo.videosOf(ids), trialsRepo.resultsOf(ids)]);
  const usedNames = new Set<string>();
  const analyses: ArchiveSession['analyses'] = [];
  const included: ArchiveSession['trials'] = [];
  let modelName: string | null = null;
  let augmenter: string | null = null;
  for (const t of trials) {
    const kind = t.name === 'calibration' ? 'calibration' : t.name === 'neutral' ? 'neutral' : 'dynamic';
    // Only the neutral pose the trials were processed with.
    if (kind === 'neutral' && neutral && t.id !== neutral.id) continue;
    let name = safeSegment(t.name);
    for (let n = 2; usedNames.has(name); n++) name = `${safeSegment(t.name)}_${n}`;
    usedNames.add(name);
    included.push({ name, kind, status: t.status });
    const own = (r: ResultRow) => r.trial_id === t.id;
    const done = t.status === 'done';
    const tagged = (tag: string) =>
      done ? results.filter((r) => own(r) && r.tag === tag && r.storage_key) : [];
    for (const r of tagged('marker_data'))
      await add('result', r.id, r.storage_key!, t.id, `MarkerData/${name}.trc`, false, null);
    // OpenCap's Kinematics folder holds the neutral's motion too (neutral.mot), not only the trials'.
    if (kind !== 'calibration')
      for (const r of tagged('ik_results'))
        await add('result', r.id, r.storage_key!, t.id, `OpenSimData/Kinematics/${name}.mot`, false, null);
    if (kind === 'neutral') {
      for (const r of tagged('opensim_model')) {
        const m = parseMeta(r.meta);
        modelName = typeof m.model === 'string' ? m.model : (meta.settings?.openSimModel ?? null);
        augmenter = typeof m.augmenter === 'string' ? m.augmenter : null;
        await add(
          'result',
          r.id,
          r.storage_key!,
          t.id,
          `OpenSimData/Model/${safeSegment(modelName ?? 'model')}_scaled.osim`,
          false,
          null,
        );
      }
    }
    for (const r of results.filter(
      (r) => own(r) && done && r.tag.startsWith(ANALYSIS_RESULT_TAG_PREFIX) && r.storage_key,
    )) {
      const fn = safeSegment(r.tag.slice(ANALYSIS_RESULT_TAG_PREFIX.length));
      if (!(await readable(r.storage_key!))) continue;
      const inputId = `${opts.inputPrefix ?? ''}result:${r.id}`;
      inputs.push({ id: inputId, role: 'analysis', name: `${fn}.json`, size: null });
      files[inputId] = { key: r.storage_key!, trial_id: t.id, video: false };
      analyses.push({ trial: name, function_id: fn, input: inputId });
    }
    if (videoCopy === 'none') continue;
    const trialVideos = videos.filter((v: VideoRow) => v.trial_id === t.id);
    if (videoCopy === 'deidentified') {
      await addBlurred(t, name, trialVideos, tagged);
      continue;
    }
    for (const v of trialVideos) {
      const cam = camOf(v.device_id);
      if (cam === null) continue;
      await add(
        'video',
        v.id,
        v.storage_key,
        t.id,
        `Videos/Cam${cam}/InputMedia/${name}/${name}.${extOf(v.storage_key)}`,
        true,
        v.size_bytes,
      );
    }
    for (const r of tagged('video-sync')) {
      const cam = camOf(r.device_id);
      if (cam === null) continue;
      await add(
        'video',
        r.id,
        r.storage_key!,
        t.id,
        `Videos/Cam${cam}/InputMedia/${name}/${name}_sync.mp4`,
        true,
        null,
      );
    }
  }

  const subject = (meta.subject ?? {}) as Record<string, unknown>;
  const subjectRow = session.subject_id ? await resultsRepo.subjectById(session.subject_id) : undefined;
  const framerate = finiteOrNull(meta.settings?.framerate) ?? videos.find((v) => v.fps > 0)?.fps ?? null;
  const filter = meta.settings?.filter_frequency;
  return {
    session: {
      folder: `OpenCapData_${safeSegment(session.id)}`,
      metadata: {
        session_id: session.id,
        session_name: typeof meta.sessionName === 'string' ? meta.sessionName : null,
        subject_id: session.subject_id,
        height_m: finiteOrNull(subject.height) ?? subjectRow?.height ?? null,
        mass_kg: finiteOrNull(subject.mass) ?? subjectRow?.weight ?? null,
        sex: typeof subject.sex === 'string' ? subject.sex : (subjectRow?.sex_at_birth ?? null),
        model: modelName ?? meta.settings?.openSimModel ?? null,
        augmenter: augmenter ?? meta.settings?.augmenter_model ?? null,
        filter_frequency: filter === 'default' || typeof filter === 'number' ? filter : null,
        framerate,
        checkerboard: meta.checkerboard ?? calibration?.checkerboard ?? null,
        data_sharing: dataSharingOf(session),
        created_at: session.created_at,
      },
      cameras,
      trials: included,
      files: entries,
      analyses,
      calibration_images: calibrationImages,
      videos: videoCopy,
      videos_left_out: videosLeftOut,
    },
    inputs,
    files,
    videos: videoCopy,
  };
}
