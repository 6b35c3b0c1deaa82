import { DEVICE_MESSAGES, type CaptureStatus } from '@poselab/contract';
import { captureHub } from '../capture/hub';
import type { AppDeps } from '../deps';
import { CaptureTrialRepository } from '../repositories/capture-trial.repository';
import { DeviceRepository } from '../repositories/device.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { UploadRepository } from '../repositories/upload.repository';
import { VideoRepository } from '../repositories/video.repository';
import { phoneLabel, trialMeta } from './recording-meta';

// The capture status a researcher's screen polls: read-only, kept apart from recording's commands.
export interface SessionStatus {
  status: CaptureStatus;
  trial_id: string | null;
  trial_name: string | null;
  n_videos_uploaded: number;
  n_videos_expected: number;
  n_cameras_connected: number;
  progress_info: { percent: number | null; message: string | null };
  message: string | null;
  devices: Array<{ id: string; name: string; model: string; state: string }>;
  /** While uploading: the phones whose video is still missing, so the screen can name them. */
  waiting_for: WaitingPhone[];
}

export interface WaitingPhone {
  id: string;
  name: string;
  model: string;
  connected: boolean;
  received_bytes: number | null;
  total_bytes: number | null;
}

/** SPEC §7 status of the latest (or a given) trial, with the phones connected now. */
export async function sessionStatus(
  deps: AppDeps,
  sessionId: string,
  trialId?: string,
): Promise<SessionStatus> {
  const hub = captureHub(deps);
  const connected = hub.connectedDevices(sessionId);
  const deviceRows = await new DeviceRepository(deps.db).listBySession(sessionId);
  const devices = deviceRows
    .filter((d) => connected.includes(d.id))
    .map((d) => ({ id: d.id, name: d.name, model: d.model, state: hub.stateOf(d.id) ?? 'idle' }));
  const trial = trialId
    ? await new TrialRepository(deps.db).findById(trialId)
    : await new CaptureTrialRepository(deps.db).latest(sessionId);
  const base = { n_cameras_connected: connected.length, devices, waiting_for: [] as WaitingPhone[] };
  if (!trial || trial.session_id !== sessionId) {
    return {
      ...base,
      status: 'ready',
      trial_id: null,
      trial_name: null,
      n_videos_uploaded: 0,
      n_videos_expected: 0,
      progress_info: { percent: null, message: null },
      message: null,
    };
  }
  const uploaded = await new VideoRepository(deps.db).countByTrial(trial.id);
  let status = trial.status as CaptureStatus;
  let message: string | null = trialMeta(trial).error_msg ?? null;
  let waiting: WaitingPhone[] = [];
  if (trial.status === 'stopped' && uploaded < trial.expected_videos) {
    status = 'uploading';
    waiting = await waitingPhones(deps, trial);
    if (waiting.some((p) => !p.connected)) {
      message = DEVICE_MESSAGES.missingVideos(trial.expected_videos, uploaded);
    }
  }
  return {
    ...base,
    waiting_for: waiting,
    status,
    trial_id: trial.id,
    trial_name: trial.name,
    n_videos_uploaded: uploaded,
    n_videos_expected: trial.expected_videos,
    progress_info: { percent: trial.progress_percent, message: trial.progress_message },
    message,
  };
}

/** The trial's phones whose video has not arrived, with how far their upload got. */
async function waitingPhones(deps: AppDeps, trial: TrialRow): Promise<WaitingPhone[]> {
  const hub = captureHub(deps);
  const expected = trialMeta(trial).devices ?? [];
  const [videos, uploads, rows] = await Promise.all([
    new TrialRepository(deps.db).videosOf([trial.id]),
    new UploadRepository(deps.db).listByTrial(trial.id),
    new DeviceRepository(deps.db).listByIds(expected),
  ]);
  return expected
    .filter((id) => !videos.some((v) => v.device_id === id))
    .map((id) => {
      const device = rows.find((d) => d.id === id);
      const upload = uploads.find((u) => u.device_id === id);
      return {
        id,
        name: device?.name ?? phoneLabel(undefined, id),
        model: device?.model ?? '',
        connected: hub.isConnected(id),
        received_bytes: upload ? upload.received_bytes : null,
        total_bytes: upload ? upload.total_bytes : null,
      };
    });
}
