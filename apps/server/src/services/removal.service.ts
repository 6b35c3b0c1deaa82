import type { FastifyBaseLogger } from 'fastify';
import { TRASH_RETENTION_DAYS } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { SubjectRepository } from '../repositories/subject.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';

const DAY_MS = 86_400_000;
const CALIBRATION = 'calibration';
/** A session with no phone, trial or name is removed this long after it was created. */
export const EMPTY_SESSION_HOURS = 24;

/**
 * Permanent removal of sessions and trials with their media. A session's calibration trial survives while a
 * later session made with 'new session same setup' (calibration_session_id) still exists: the session then
 * stays as a hidden shell (removed_at) holding only its calibration, purged when its last dependent goes.
 */
export class RemovalService {
  private readonly sessions: SessionRepository;
  private readonly trials: TrialRepository;
  constructor(private readonly deps: AppDeps) {
    this.sessions = new SessionRepository(deps.db);
    this.trials = new TrialRepository(deps.db);
  }

  async purgeSession(session: SessionRow, depth = 0): Promise<'deleted' | 'kept-calibration'> {
    const dependents = await this.sessions.countCalibrationDependents(session.id);
    if (dependents > 0) {
      const trials = await this.trials.listBySession(session.id, { includeTrashed: true });
      for (const t of trials) if (t.name !== CALIBRATION) await this.deleteTrial(t);
      const now = this.deps.clock.now().toISOString();
      await this.sessions.update(session.id, {
        removed_at: now,
        trashed: 1,
        trashed_at: session.trashed_at ?? now,
        public: 0,
        updated_at: now,
      });
      return 'kept-calibration';
    }
    await this.deps.storage.deletePrefix(mediaKeys.session(session.id));
    await this.sessions.delete(session.id);
    // The session this one borrowed its calibration from may now be a shell nobody needs.
    if (session.calibration_session_id && depth < 50) {
      const parent = await this.sessions.findById(session.calibration_session_id);
      if (parent?.removed_at) await this.purgeSession(parent, depth + 1);
    }
    return 'deleted';
  }

  /** Whether a trial must stay: the calibration of a session a later session still depends on. */
  async isProtectedCalibration(trial: TrialRow): Promise<boolean> {
    return (
      trial.name === CALIBRATION && (await this.sessions.countCalibrationDependents(trial.session_id)) > 0
    );
  }

  async deleteTrial(trial: TrialRow): Promise<void> {
    await this.deps.storage.deletePrefix(mediaKeys.trial(trial.session_id, trial.id));
    await this.trials.delete(trial.id);
  }

  /**
   * Empty Recycle Bin: the user's trashed sessions and the trashed trials of their other sessions go for
   * good; a trashed calibration a later session still uses stays in the bin (counted as kept).
   */
  async emptyBin(userId: string): Promise<{ sessions: number; trials: number; kept: number }> {
    const done = { sessions: 0, trials: 0, kept: 0 };
    for (const id of await this.sessions.trashedIdsOf(userId)) {
      const s = await this.sessions.findById(id);
      if (!s) continue;
      // A session kept as a hidden calibration shell is gone from the user's view too.
      await this.purgeSession(s);
      done.sessions += 1;
    }
    for (const { id } of await this.trials.trashedInActiveSessions(userId)) {
      const t = await this.trials.findById(id);
      if (!t) continue;
      if (await this.isProtectedCalibration(t)) done.kept += 1;
      else {
        await this.deleteTrial(t);
        done.trials += 1;
      }
    }
    return done;
  }

  /** Sessions left empty (no phone, trial or name) for 24 hours: removed; answers how many. */
  async removeEmptySessions(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - EMPTY_SESSION_HOURS * 3_600_000).toISOString();
    let removed = 0;
    for (const id of await this.sessions.idsUnlistedBefore(cutoff)) {
      const s = await this.sessions.findById(id);
      if (s && s.listed === 0) {
        await this.purgeSession(s);
        removed += 1;
      }
    }
    return removed;
  }

  /** Removes sessions, trials and subjects trashed more than 30 days ago; answers what it removed. */
  async runRetention(): Promise<{ sessions: number; trials: number; subjects: number }> {
    const cutoff = new Date(this.deps.clock.now().getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
    const done = { sessions: 0, trials: 0, subjects: 0 };
    for (const id of await this.sessions.idsTrashedBefore(cutoff)) {
      const s = await this.sessions.findById(id);
      if (s) {
        await this.purgeSession(s);
        done.sessions += 1;
      }
    }
    for (const { id } of await this.trials.trashedBefore(cutoff)) {
      const t = await this.trials.findById(id);
      if (t && !(await this.isProtectedCalibration(t))) {
        await this.deleteTrial(t);
        done.trials += 1;
      }
    }
    const subjects = new SubjectRepository(this.deps.db);
    for (const id of await subjects.idsTrashedBefore(cutoff)) {
      await subjects.delete(id);
      done.subjects += 1;
    }
    return done;
  }
}

/** Runs the retention job now and then every `intervalMs` (hourly by default); returns its stopper. */
export function startRetentionJob(
  deps: AppDeps,
  log: FastifyBaseLogger,
  intervalMs = 3_600_000,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    const removal = new RemovalService(deps);
    running = removal
      .runRetention()
      .then(async (r) => {
        if (r.sessions + r.trials + r.subjects > 0)
          log.info(r, 'retention: removed items trashed over 30 days ago');
        const empty = await removal.removeEmptySessions();
        if (empty > 0) log.info({ sessions: empty }, 'retention: removed sessions left empty for 24 h');
      })
      .catch((err: unknown) => log.error({ err }, 'retention job failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
