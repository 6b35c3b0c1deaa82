import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { SessionRepository } from '../repositories/session.repository';
import { SubjectRepository } from '../repositories/subject.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';

/** Inserts sessions, trials, subjects and media directly, for data-management tests. */
export async function seedSubject(
  deps: AppDeps,
  userId: string,
  over: { name?: string; trashed_at?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await new SubjectRepository(deps.db).insert({
    id,
    user_id: userId,
    name: over.name ?? 'Subject',
    weight: 70,
    height: 1.8,
    birth_year: 1990,
    sex_at_birth: null,
    gender: null,
    characteristics: '',
    subject_tags: '["unimpaired"]',
    terms: 1,
    share_token: randomUUID(),
    trashed: over.trashed_at ? 1 : 0,
    trashed_at: over.trashed_at ?? null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function seedSession(
  deps: AppDeps,
  userId: string,
  over: {
    name?: string;
    subjectId?: string | null;
    createdAt?: string;
    isPublic?: boolean;
    trashedAt?: string | null;
    calibrationSessionId?: string | null;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const at = over.createdAt ?? deps.clock.now().toISOString();
  await new SessionRepository(deps.db).insert({
    id,
    user_id: userId,
    subject_id: over.subjectId ?? null,
    meta: JSON.stringify(over.name ? { sessionName: over.name } : {}),
    public: over.isPublic ? 1 : 0,
    trashed: over.trashedAt ? 1 : 0,
    trashed_at: over.trashedAt ?? null,
    pairing_secret: randomUUID(),
    calibration_session_id: over.calibrationSessionId ?? null,
    created_at: at,
    updated_at: at,
  });
  return id;
}

export async function seedTrial(
  deps: AppDeps,
  sessionId: string,
  over: { name?: string; status?: string; trashedAt?: string | null; tags?: string[] } = {},
): Promise<string> {
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await new TrialRepository(deps.db).insert({
    id,
    session_id: sessionId,
    name: over.name ?? `trial_${id.slice(0, 6)}`,
    status: over.status ?? 'done',
    tags: JSON.stringify(over.tags ?? []),
    meta: '{}',
    progress_percent: null,
    progress_message: null,
    expected_videos: 2,
    trashed: over.trashedAt ? 1 : 0,
    trashed_at: over.trashedAt ?? null,
    started_at: null,
    stopped_at: null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** Stores a small result file under the trial and returns its key. */
export async function seedMedia(deps: AppDeps, sessionId: string, trialId: string): Promise<string> {
  const key = mediaKeys.result(sessionId, trialId, 'result.json');
  await deps.storage.put(key, Buffer.from('{"ok":true}'), 'application/json');
  return key;
}
