import { sql, type Insertable, type Selectable, type Transaction, type Kysely } from 'kysely';
import { TRIAL_JOB_KINDS } from '@poselab/contract';
import type { Db, Dialect } from '../db/database';
import type { Database, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Processing jobs. A job is claimed under a lease (lease_expires_at) that its worker extends with heartbeats;
 * a running job whose lease ran out is claimable again while attempts < max_attempts.
 */
export class JobRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async insert(row: Insertable<JobsTable>): Promise<void> {
    await this.db.insertInto('jobs').values(row).execute();
  }

  findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Queued or running processing jobs of a trial (not its analyses). */
  activeOfTrial(trialId: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('kind', 'in', TRIAL_JOB_KINDS)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** The newest processing job of a trial (not its analyses). */
  latestOfTrial(trialId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('kind', 'in', TRIAL_JOB_KINDS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async cancelActiveOfTrial(trialId: string, now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', lease_expires_at: null, updated_at: now })
      .where('trial_id', '=', trialId)
      .where('kind', 'in', TRIAL_JOB_KINDS)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /**
   * Atomically takes the oldest claimable job of the given kinds: PostgreSQL locks the row with FOR UPDATE
   * SKIP LOCKED so that parallel API replicas never hand one job out twice; SQLite takes the write lock first
   * (BEGIN IMMEDIATE).
   */
  async claim(
    workerId: string,
    now: string,
    leaseExpiresAt: string,
    kinds: readonly string[],
  ): Promise<JobRow | null> {
    if (kinds.length === 0) return null;
    const take = async (ex: Executor): Promise<JobRow | null> => {
      let q = ex
        .selectFrom('jobs')
        .selectAll()
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([
              eb('status', '=', 'running'),
              eb('lease_expires_at', '<', now),
              eb('attempts', '<', eb.ref('max_attempts')),
            ]),
          ]),
        )
        .orderBy('run_after', 'asc')
        .orderBy('created_at', 'asc')
        .limit(1);
      if (this.dialect === 'postgres') q = q.forUpdate().skipLocked();
      const job = await q.executeTakeFirst();
      if (!job) return null;
      await ex
        .updateTable('jobs')
        .set({
          status: 'running',
          worker_id: workerId,
          lease_expires_at: leaseExpiresAt,
          attempts: job.attempts + 1,
          progress_percent: 0,
          progress_message: 'Processing started',
          updated_at: now,
        })
        .where('id', '=', job.id)
        .execute();
      return {
        ...job,
        status: 'running',
        worker_id: workerId,
        lease_expires_at: leaseExpiresAt,
        attempts: job.attempts + 1,
      };
    };
    if (this.dialect === 'postgres') return this.db.transaction().execute(take);
    return this.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const job = await take(conn);
        await sql`commit`.execute(conn);
        return job;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  }

  /**
   * Extends the lease if the worker still holds it; false when the job was lost, cancelled or finished. A late
   * heartbeat (lease run out, but nobody took the job yet) still counts: the worker was busy, not dead.
   */
  async heartbeat(
    id: string,
    workerId: string,
    now: string,
    leaseExpiresAt: string,
    progress: { percent?: number | null; message?: string | null },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({
        lease_expires_at: leaseExpiresAt,
        updated_at: now,
        ...(progress.percent != null ? { progress_percent: progress.percent } : {}),
        ...(progress.message != null ? { progress_message: progress.message } : {}),
      })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Moves a running job held by `workerId` to a final or queued state; false when not held. */
  async finish(
    id: string,
    workerId: string,
    now: string,
    patch: { status: JobStatus; error?: string | null; run_after?: string },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({
        status: patch.status,
        error: patch.error ?? null,
        lease_expires_at: null,
        updated_at: now,
        ...(patch.status === 'queued' ? { worker_id: null, run_after: patch.run_after ?? now } : {}),
        ...(patch.status === 'done' ? { progress_percent: 100, progress_message: 'Done' } : {}),
      })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives the running jobs of stopped workers back to the queue (a clean shutdown), keeping their attempt count. */
  async release(workerIds: string[], now: string): Promise<JobRow[]> {
    if (workerIds.length === 0) return [];
    const held = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'running')
      .where('worker_id', 'in', workerIds)
      .execute();
    if (held.length === 0) return [];
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', worker_id: null, lease_expires_at: null, run_after: now, updated_at: now })
      .where(
        'id',
        'in',
        held.map((j) => j.id),
      )
      .where('status', '=', 'running')
      .execute();
    return held;
  }

  /** Running jobs whose lease ran out (their worker died or hangs). */
  expired(now: string): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'running')
      .where('lease_expires_at', '<', now)
      .execute();
  }

  /** Re-queues (attempts left) or fails (none left) one expired job, only if it is still expired. */
  async settleExpired(job: JobRow, now: string): Promise<'queued' | 'failed' | null> {
    const next: JobStatus = job.attempts < job.max_attempts ? 'queued' : 'failed';
    const res = await this.db
      .updateTable('jobs')
      .set({
        status: next,
        worker_id: null,
        lease_expires_at: null,
        run_after: now,
        error: next === 'failed' ? `worker ${job.worker_id ?? '?'} stopped responding` : null,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('lease_expires_at', '<', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? (next as 'queued' | 'failed') : null;
  }
}
