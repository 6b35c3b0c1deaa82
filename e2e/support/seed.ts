import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { readMot, readOsim, visualizerTransforms } from '@poselab/biomech';
import type { RunningServer } from './server';
import { repoRoot } from './server';

/**
 * Seeds processed trials straight into an e2e server's SQLite database and media folder, as if the pipeline had
 * run: visualizer transforms and IK .mot from the OpenCap FK reference, and demo videos as video-sync results.
 * The files come from ../shared/data at test time and are copied into the server's temporary DATA_DIR only.
 */
export const SHARED_DATA = resolve(repoRoot, '..', 'shared', 'data');
const FK_DIR = join(SHARED_DATA, 'opencap-fk-reference');
export const VIDEO_DIR = join(SHARED_DATA, 'pose2sim-demo', 'balancing');
/** Demo clips of 1.667 s first (cam02 is 1.741 s long). */
const CAMERA_FILES = ['cam01.mp4', 'cam03.mp4', 'cam04.mp4', 'cam02.mp4'];
export const hasSeedData =
  existsSync(join(FK_DIR, 'visualizerTransforms.json')) &&
  existsSync(join(FK_DIR, 'DJ1_videoAndMocap.mot')) &&
  existsSync(join(VIDEO_DIR, 'cam01.mp4'));

interface Transforms {
  time: number[];
  bodies: Record<string, { translation: number[][]; rotation: number[][] } & Record<string, unknown>>;
}

/**
 * The FK reference lasts 0.85 s while the demo videos last about 1.67 s; for a trial whose skeleton moves as long
 * as its videos play, the motion is played forwards then backwards until it covers `minDuration`, with time
 * starting at 0 as synced results do.
 */
export function loopedTransforms(minDuration: number): Transforms {
  const src = JSON.parse(readFileSync(join(FK_DIR, 'visualizerTransforms.json'), 'utf8')) as Transforms;
  const n = src.time.length;
  const dt = (src.time[n - 1] - src.time[0]) / (n - 1);
  const order: number[] = [];
  let forward = true;
  while (order.length * dt < minDuration + dt) {
    const pass = forward ? [...Array(n).keys()] : [...Array(n).keys()].reverse();
    order.push(...(order.length ? pass.slice(1) : pass));
    forward = !forward;
  }
  const bodies: Transforms['bodies'] = {};
  for (const [name, b] of Object.entries(src.bodies)) {
    bodies[name] = {
      ...b,
      translation: order.map((i) => b.translation[i]),
      rotation: order.map((i) => b.rotation[i]),
    };
  }
  return { time: order.map((_, k) => Number((k * dt).toFixed(6))), bodies };
}

export interface SeededTrial {
  id: string;
  name: string;
}

export interface SeedOptions {
  userId: string;
  subjectName?: string;
  sessionName?: string;
  /** Names of the processed trials to create (a neutral trial is always added first). */
  trials?: string[];
  /** Cameras with synced videos per trial (demo cam01…cam04). */
  videos?: number;
  public?: boolean;
  /** Shortest animation length (s); the default covers the demo videos. */
  minDuration?: number;
  /** IK .mot file per trial name (default: the OpenCap FK reference drop jump). */
  motions?: Record<string, string>;
  /** A scaled .osim stored as the neutral trial's 'opensim_model' result (analyses run FK on it). */
  scaledModel?: string;
  /**
   * The 3D view of each trial with a motion: its visualizer transforms from forward kinematics of that motion on
   * the scaled model (as the pipeline makes them), instead of the FK reference's looped drop jump.
   */
  transformsFromMotions?: boolean;
  /** The subject's data sharing choice (SPEC §9), as the neutral step records it. */
  dataSharing?: string;
  /**
   * A file stored as each trial's de-identified synced video ('video-sync-deidentified', as the worker's
   * deidentify step stores it), beside the original. One camera only: seeded results carry no device.
   */
  deidentifiedVideo?: string;
}

export interface SeededSession {
  sessionId: string;
  subjectId: string;
  trials: SeededTrial[];
}

/** visualizerTransforms JSON of a .mot on a .osim (forward kinematics, packages/biomech). */
function motionTransforms(osimFile: string, motFile: string): Buffer {
  const model = readOsim(readFileSync(osimFile, 'utf8'));
  const json = visualizerTransforms(model, readMot(readFileSync(motFile, 'utf8')));
  return Buffer.from(JSON.stringify(json));
}

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

/** Inserts a subject, a session with a neutral and processed movement trials, their results and media files. */
export function seedProcessedSession(server: RunningServer, opts: SeedOptions): SeededSession {
  if (!hasSeedData) throw new Error(`Seed data missing under ${SHARED_DATA}`);
  if (opts.deidentifiedVideo && (opts.videos ?? 2) !== 1)
    throw new Error('deidentifiedVideo needs videos: 1 (seeded results carry no device to pair copies by)');
  const db = new Database(join(server.dataDir, 'poselab.sqlite'));
  db.pragma('busy_timeout = 5000');
  const media = join(server.dataDir, 'media');
  const put = (key: string, from: string | Buffer) => {
    const file = join(media, key);
    mkdirSync(dirname(file), { recursive: true });
    if (typeof from === 'string') copyFileSync(from, file);
    else writeFileSync(file, from);
  };
  const subjectId = randomUUID();
  const sessionId = randomUUID();
  const transforms = Buffer.from(JSON.stringify(loopedTransforms(opts.minDuration ?? 1.7)));
  const trials: SeededTrial[] = [];
  try {
    db.transaction(() => {
      db.prepare(
        `insert into subjects (id, user_id, name, weight, height, birth_year, sex_at_birth, gender, characteristics,
          subject_tags, terms, share_token, trashed, trashed_at, created_at, updated_at)
         values (?, ?, ?, 70, 1.8, 1990, 'woman', 'woman', '', '["unimpaired"]', 1, ?, 0, null, ?, ?)`,
      ).run(subjectId, opts.userId, opts.subjectName ?? 'Seeded subject', randomUUID(), iso(), iso());
      db.prepare(
        `insert into sessions (id, user_id, subject_id, meta, public, trashed, trashed_at, pairing_secret,
          calibration_session_id, created_at, updated_at) values (?, ?, ?, ?, ?, 0, null, ?, null, ?, ?)`,
      ).run(
        sessionId,
        opts.userId,
        subjectId,
        JSON.stringify({
          sessionName: opts.sessionName ?? 'seeded_session',
          settings: { framerate: 60, ...(opts.dataSharing ? { data_sharing: opts.dataSharing } : {}) },
        }),
        opts.public ? 1 : 0,
        randomUUID(),
        iso(),
        iso(),
      );
      const addTrial = `insert into trials (id, session_id, name, status, tags, meta, progress_percent,
        progress_message, expected_videos, trashed, trashed_at, started_at, stopped_at, created_at, updated_at)
        values (?, ?, ?, 'done', '[]', '{}', 100, null, ?, 0, null, ?, ?, ?, ?)`;
      const addResult = db.prepare(
        `insert into results (id, trial_id, tag, device_id, storage_key, meta, created_at) values (?, ?, ?, null, ?, ?, ?)`,
      );
      const names = ['neutral', ...(opts.trials ?? ['walk'])];
      names.forEach((name, i) => {
        const id = randomUUID();
        const at = iso(i * 1000);
        db.prepare(addTrial).run(id, sessionId, name, opts.videos ?? 2, at, at, at, at);
        trials.push({ id, name });
        const key = (file: string) => `sessions/${sessionId}/trials/${id}/results/${file}`;
        const motion = opts.motions?.[name];
        put(
          key('visualizerTransforms.json'),
          opts.transformsFromMotions && motion && opts.scaledModel
            ? motionTransforms(opts.scaledModel, motion)
            : transforms,
        );
        addResult.run(
          randomUUID(),
          id,
          'visualizerTransforms-json',
          key('visualizerTransforms.json'),
          '{}',
          at,
        );
        put(key(`${name}.mot`), opts.motions?.[name] ?? join(FK_DIR, 'DJ1_videoAndMocap.mot'));
        if (name === 'neutral' && opts.scaledModel) {
          put(key('model.osim'), opts.scaledModel);
          addResult.run(randomUUID(), id, 'opensim_model', key('model.osim'), '{}', at);
        }
        addResult.run(randomUUID(), id, 'ik_results', key(`${name}.mot`), '{}', at);
        for (let c = 1; c <= (opts.videos ?? 2); c++) {
          const file = `video_sync_cam${c}.mp4`;
          put(key(file), join(VIDEO_DIR, CAMERA_FILES[(c - 1) % CAMERA_FILES.length]));
          addResult.run(randomUUID(), id, 'video-sync', key(file), JSON.stringify({ camera: c }), at);
          if (opts.deidentifiedVideo) {
            const blurred = `video-sync-deidentified-cam${c}.mp4`;
            put(key(blurred), opts.deidentifiedVideo);
            addResult.run(randomUUID(), id, 'video-sync-deidentified', key(blurred), '{}', at);
          }
        }
      });
    })();
  } finally {
    db.close();
  }
  return { sessionId, subjectId, trials };
}
