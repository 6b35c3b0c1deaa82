import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMot, writeMot } from '@poselab/biomech';
import type { AppDeps } from '../deps';
import { ResultRepository } from '../repositories/result.repository';
import { mediaKeys } from '../storage/media-keys';
import { repeatedRealStep } from '../../../../packages/analysis/src/testing/real-walk';
import { seedSession, seedSubject, seedTrial } from './data-fixtures';

export const SHARED_DATA = resolve(fileURLToPath(new URL('../../../../../shared/data', import.meta.url)));

/** OpenCap walking1's real step repeated to four strides (packages/analysis testing/real-walk.ts), as .mot text. */
export function realWalkMot(): string {
  const motion = readMot(readFileSync(resolve(SHARED_DATA, 'opencap-motions/walking1.mot'), 'utf8'));
  return writeMot(repeatedRealStep(motion, 53, 122, 8));
}

export function laiUhlrichOsim(): string {
  return readFileSync(resolve(SHARED_DATA, 'opencap-models/LaiUhlrich2022.osim'), 'utf8');
}

/** A .mot of someone standing still (LaiUhlrich2022 names, all angles zero, pelvis 0.95 m up), 2 s at 60 fps. */
export function standingMot(): string {
  const columns = [
    'pelvis_tx',
    'pelvis_ty',
    'pelvis_tz',
    'hip_flexion_r',
    'hip_flexion_l',
    'knee_angle_r',
    'knee_angle_l',
  ];
  const time = Array.from({ length: 121 }, (_, i) => i / 60);
  return writeMot({
    name: 'Coordinates',
    inDegrees: true,
    columns,
    time,
    rows: time.map(() => [0, 0.95, 0, 0, 0, 0, 0]),
  });
}

async function addResult(
  deps: AppDeps,
  sessionId: string,
  trialId: string,
  tag: string,
  file: string,
  body: string,
) {
  const key = mediaKeys.result(sessionId, trialId, file);
  await deps.storage.put(key, Buffer.from(body));
  const id = randomUUID();
  await new ResultRepository(deps.db).insert({
    id,
    trial_id: trialId,
    tag,
    device_id: null,
    storage_key: key,
    meta: '{}',
    created_at: deps.clock.now().toISOString(),
  });
  return id;
}

/**
 * A session with a processed neutral (its scaled model, unless `model` is null) and a processed trial whose IK
 * result is `mot`, plus a visualizer result that analyses must leave alone.
 */
export async function seedAnalysableTrial(
  deps: AppDeps,
  userId: string,
  opts: { mot: string; model: string | null; name?: string; isPublic?: boolean },
) {
  const subjectId = await seedSubject(deps, userId);
  const sessionId = await seedSession(deps, userId, { subjectId, isPublic: opts.isPublic });
  const neutralId = await seedTrial(deps, sessionId, { name: 'neutral' });
  if (opts.model) await addResult(deps, sessionId, neutralId, 'opensim_model', 'model.osim', opts.model);
  const trialId = await seedTrial(deps, sessionId, { name: opts.name ?? 'walk' });
  const ikId = await addResult(deps, sessionId, trialId, 'ik_results', 'walk.mot', opts.mot);
  const vizId = await addResult(
    deps,
    sessionId,
    trialId,
    'visualizerTransforms-json',
    'viz.json',
    '{"time":[]}',
  );
  return { sessionId, neutralId, trialId, ikId, vizId, subjectId };
}
