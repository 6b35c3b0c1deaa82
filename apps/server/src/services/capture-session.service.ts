import { dataSharingOf } from './data-sharing';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FRAMERATE,
  FRAMERATES,
  normalizeFilterFrequency,
  setMetadataQuery,
  type Session,
  type SessionMeta,
} from '@poselab/contract';
import type { z } from 'zod';
import { captureHub } from '../capture/hub';
import { pairingQrDataUrl, pairingUrl, sessionQrCode } from '../capture/qr';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/http-error';
import { newSecret } from '../http/tokens';
import { CaptureTrialRepository } from '../repositories/capture-trial.repository';
import { DeviceRepository } from '../repositories/device.repository';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { ownedSession, parseMeta, sessionFramerate } from './recording.service';
import { sessionDto } from './session-dto';

export async function insertSession(
  deps: AppDeps,
  userId: string,
  meta: SessionMeta,
  calibrationSessionId: string | null,
  subjectId: string | null = null,
): Promise<SessionRow> {
  const now = deps.clock.now().toISOString();
  const row = {
    id: randomUUID(),
    user_id: userId,
    subject_id: subjectId,
    meta: JSON.stringify(meta),
    public: 0,
    trashed: 0,
    trashed_at: null,
    pairing_secret: newSecret(24),
    calibration_session_id: calibrationSessionId,
    // Listed once a phone pairs, a trial is recorded or it gets a name (migration 900).
    listed: 0,
    created_at: now,
    updated_at: now,
  };
  const repo = new SessionRepository(deps.db);
  await repo.insert(row);
  const inserted = await repo.findById(row.id);
  if (!inserted) throw new Error('Session insert failed');
  return inserted;
}

export async function ownerDto(deps: AppDeps, s: SessionRow): Promise<Session> {
  return sessionDto(deps, s, { viewerId: s.user_id, qrcode: await sessionQrCode(deps, s) });
}

/**
 * SPEC §7 sessions/new: a new session with its pairing QR; the reply is a list whose first item is it. A
 * session of the user's that is still empty (no phone, trial or name: nobody has seen it in a list) is handed
 * out again, started afresh, so that each visit to ConnectDevices does not leave another one behind until
 * retention removes it (issue #29).
 */
export async function createSession(deps: AppDeps, userId: string): Promise<Session[]> {
  const meta: SessionMeta = { settings: { framerate: DEFAULT_FRAMERATE } };
  const repo = new SessionRepository(deps.db);
  const empty = await repo.newestEmptyOf(userId);
  if (empty) {
    const now = deps.clock.now().toISOString();
    // created_at restarts too: retention counts an empty session's 24 h from when it was last handed out.
    await repo.update(empty.id, { meta: JSON.stringify(meta), created_at: now, updated_at: now });
    const again = await repo.findById(empty.id);
    if (again) return [await ownerDto(deps, again)];
  }
  const s = await insertSession(deps, userId, meta, null);
  return [await ownerDto(deps, s)];
}

export async function getQr(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<{ qr: string; url: string }> {
  const s = await ownedSession(deps, sessionId, userId);
  const url = pairingUrl(deps, s);
  return { qr: await pairingQrDataUrl(url), url };
}

export type SetMetadataInput = z.output<typeof setMetadataQuery>;

/** SPEC §7 set_metadata, both forms: checkerboard (cb_*) and session settings (settings_*). */
export async function setMetadata(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  q: SetMetadataInput,
): Promise<{ meta: Record<string, unknown>; warnings: string[] }> {
  const s = await ownedSession(deps, sessionId, userId);
  const meta = parseMeta(s.meta);
  const warnings: string[] = [];
  const hasCb = [q.cb_rows, q.cb_cols, q.cb_square, q.cb_placement].some((v) => v !== undefined);
  if (hasCb) {
    const cb = meta.checkerboard ?? { rows: 4, cols: 5, square_size_mm: 35, placement: 'Perpendicular' };
    meta.checkerboard = {
      rows: q.cb_rows ?? cb.rows,
      cols: q.cb_cols ?? cb.cols,
      square_size_mm: q.cb_square ?? cb.square_size_mm,
      placement: q.cb_placement ?? cb.placement,
    };
  }
  const settings = { ...(meta.settings ?? {}) };
  const oldFramerate = sessionFramerate(s);
  if (q.settings_framerate !== undefined) settings.framerate = q.settings_framerate;
  if (q.settings_data_sharing !== undefined && q.settings_data_sharing !== dataSharingOf(s)) {
    // A changed choice replaces the one recorded with the neutral pose and applies at once to everything
    // already shared (media access reads it at each request; visitors' archives made before it stop opening).
    settings.data_sharing = q.settings_data_sharing;
    if (meta.subject) meta.subject = { ...meta.subject, data_sharing: q.settings_data_sharing };
    meta.data_sharing_changed_at = deps.clock.now().toISOString();
  }
  if (q.settings_scaling_setup !== undefined) settings.scaling_setup = q.settings_scaling_setup;
  if (q.settings_openSimModel !== undefined) settings.openSimModel = q.settings_openSimModel;
  if (q.settings_augmenter_model !== undefined) settings.augmenter_model = q.settings_augmenter_model;
  if (q.settings_session_name !== undefined) {
    settings.session_name = q.settings_session_name;
    meta.sessionName = q.settings_session_name;
  }
  const framerate = settings.framerate ?? DEFAULT_FRAMERATE;
  if (q.settings_filter_frequency !== undefined || settings.filter_frequency !== undefined) {
    const f = normalizeFilterFrequency(q.settings_filter_frequency ?? settings.filter_frequency, framerate);
    settings.filter_frequency = f.value;
    if (f.warning && q.settings_filter_frequency !== undefined) warnings.push(f.warning);
  }
  meta.settings = settings;
  await new SessionRepository(deps.db).update(sessionId, {
    meta: JSON.stringify(meta),
    ...(meta.sessionName ? { listed: 1 } : {}),
    updated_at: deps.clock.now().toISOString(),
  });
  // Phones open their camera at the session framerate ahead of the next recording.
  if (framerate !== oldFramerate) captureHub(deps).broadcast(sessionId, { type: 'settings', framerate });
  return { meta, warnings };
}

export async function setSubject(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  subjectId: string,
): Promise<{ subject_id: string }> {
  await ownedSession(deps, sessionId, userId);
  if (!(await new CaptureTrialRepository(deps.db).subjectOwned(subjectId, userId))) {
    throw badRequest('Subject not found.', { subject_id: ['Subject not found.'] });
  }
  await new SessionRepository(deps.db).update(sessionId, {
    subject_id: subjectId,
    updated_at: deps.clock.now().toISOString(),
  });
  return { subject_id: subjectId };
}

/**
 * Cameras calibrated by the latest successful calibration of this session, or of the session whose setup it
 * reuses. Processing stores 'camera-calibration' results: one per camera, or one with meta.n_cameras.
 */
export async function nCalibratedCameras(deps: AppDeps, userId: string, sessionId: string): Promise<number> {
  const s = await ownedSession(deps, sessionId, userId);
  const repo = new CaptureTrialRepository(deps.db);
  let trial = await repo.latestDoneCalibration([s.id]);
  if (!trial && s.calibration_session_id)
    trial = await repo.latestDoneCalibration([s.calibration_session_id]);
  if (!trial) return 0;
  const results = await repo.resultsWithTag(trial.id, 'camera-calibration');
  for (const r of results) {
    const meta = JSON.parse(r.meta || '{}') as { n_cameras?: unknown; cameras?: unknown };
    if (typeof meta.n_cameras === 'number') return meta.n_cameras;
    if (Array.isArray(meta.cameras)) return meta.cameras.length;
  }
  const devices = new Set(results.map((r) => r.device_id).filter(Boolean));
  return devices.size || results.length;
}

/** Framerates that every connected phone supports (60 always; more only where each camera reports it). */
export async function sessionFramerates(deps: AppDeps, userId: string, sessionId: string): Promise<number[]> {
  await ownedSession(deps, sessionId, userId);
  const ids = captureHub(deps).connectedDevices(sessionId);
  const rows = await new DeviceRepository(deps.db).listByIds(ids);
  return FRAMERATES.filter(
    (f) =>
      f === DEFAULT_FRAMERATE ||
      (rows.length > 0 &&
        rows.every((d) => {
          const caps = JSON.parse(d.capabilities || '{}') as { framerates?: number[] };
          return (caps.framerates ?? []).includes(f);
        })),
  );
}

/**
 * SPEC §7 new_subject ('New session same setup'): a new session that reuses this one's calibration and
 * settings; the paired phones move over with their tokens and are told to follow without a new scan.
 */
export async function newSessionSameSetup(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<Session> {
  const old = await ownedSession(deps, sessionId, userId);
  const oldMeta = parseMeta(old.meta);
  const meta: SessionMeta = {
    settings: { ...(oldMeta.settings ?? {}), session_name: undefined },
    ...(oldMeta.checkerboard ? { checkerboard: oldMeta.checkerboard } : {}),
  };
  const hasOwnCalibration = Boolean(
    await new CaptureTrialRepository(deps.db).latestDoneCalibration([old.id]),
  );
  const calibrationSource = hasOwnCalibration ? old.id : (old.calibration_session_id ?? old.id);
  const s = await insertSession(deps, userId, meta, calibrationSource);
  const devices = new DeviceRepository(deps.db);
  const moved = await devices.listBySession(old.id);
  await devices.moveSession(old.id, s.id);
  const hub = captureHub(deps);
  for (const d of moved) {
    hub.moveDevice(d.id, s.id);
    hub.sendTo(d.id, { type: 'newSession', session_id: s.id, url: `/capture/${encodeURIComponent(s.id)}` });
  }
  return ownerDto(deps, s);
}
