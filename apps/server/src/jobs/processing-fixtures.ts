import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashSecret } from '../http/tokens';
import { mediaKeys } from '../storage/media-keys';
import { createWorkerToken } from './worker-tokens';

/**
 * Test fixtures for processing: a session with paired devices and a trial whose videos are in, inserted
 * directly (the capture flow has its own tests). Used by the processing tests only.
 */
export async function insertSession(
  deps: AppDeps,
  userId: string,
  meta: Record<string, unknown> = {},
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const id = randomUUID();
  await deps.db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      subject_id: null,
      meta: JSON.stringify(meta),
      public: 0,
      trashed: 0,
      trashed_at: null,
      pairing_secret: randomUUID(),
      calibration_session_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertDevices(deps: AppDeps, sessionId: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const id = randomUUID();
    // Distinct creation times keep the pairing order stable.
    const at = new Date(deps.clock.now().getTime() + i).toISOString();
    await deps.db
      .insertInto('devices')
      .values({
        id,
        session_id: sessionId,
        token_hash: hashSecret(randomUUID()),
        name,
        model: 'test',
        user_agent: 'test',
        capabilities: '{}',
        last_seen_at: at,
        created_at: at,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

/** A trial in status 'stopped' with one stored video per device (`files`: bytes per device). */
export async function insertTrialWithVideos(
  deps: AppDeps,
  sessionId: string,
  name: string,
  files: Array<{ deviceId: string; bytes: Buffer; startTimeMs?: number }>,
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const trialId = randomUUID();
  await deps.db
    .insertInto('trials')
    .values({
      id: trialId,
      session_id: sessionId,
      name,
      status: 'stopped',
      tags: '[]',
      meta: '{}',
      progress_percent: null,
      progress_message: null,
      expected_videos: files.length,
      trashed: 0,
      trashed_at: null,
      started_at: now,
      stopped_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const f of files) {
    const key = mediaKeys.video(sessionId, trialId, f.deviceId, 'mp4');
    await deps.storage.put(key, f.bytes);
    await deps.db
      .insertInto('videos')
      .values({
        id: randomUUID(),
        trial_id: trialId,
        device_id: f.deviceId,
        storage_key: key,
        mime: 'video/mp4',
        size_bytes: f.bytes.length,
        fps: 60,
        width: 1080,
        height: 1920,
        rotation: 0,
        duration_sec: 1,
        start_time_ms: f.startTimeMs ?? null,
        frame_timestamps: null,
        created_at: now,
      })
      .execute();
  }
  return trialId;
}

export async function workerAuthorization(deps: AppDeps): Promise<string> {
  return `Worker ${await createWorkerToken(deps, 'test')}`;
}
