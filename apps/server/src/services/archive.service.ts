import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  ARCHIVE_FAILURE_CODES,
  type ArchiveFailed,
  type ArchiveFailureCode,
  type ArchivePending,
  type ArchiveReady,
  type ArchiveVideoCopy,
} from '@poselab/contract';
import { ARCHIVE_FAILED_MESSAGE, STORAGE_FAILED_PREFIX } from '../jobs/kinds/archive-jobs';
import { writeArchive } from '@poselab/worker';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http/http-error';
import { enqueueJob } from '../jobs/queue';
import { ArchiveRepository, type ArchiveRow } from '../repositories/archive.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';
import { mayHaveArchive } from './archive-access';
import { mediaUrl, viewerOf } from './media-access.service';
import { buildArchiveContent, sessionAudience, type ArchiveScope } from './archive-build';
import type { ArchiveAudience } from './archive-content';

/** At most this many archives of one user are being made at once (each may be gigabytes). */
export const MAX_PENDING_ARCHIVES_PER_USER = 5;
/** Download links to a ready archive last this long; the web app asks again after that. */
const LINK_SECONDS = 3600;

export type ArchiveStatus =
  | { status: 202; body: ArchivePending }
  | { status: 200; body: ArchiveReady }
  | { status: 500; body: ArchiveFailed };

/** A failed archive's answer: English text, stable code and the technical detail of a storage failure. */
function failure(archive: ArchiveRow): ArchiveFailed {
  const code = (ARCHIVE_FAILURE_CODES as readonly string[]).includes(archive.error_code ?? '')
    ? (archive.error_code as ArchiveFailureCode)
    : 'failed';
  const message = archive.error ?? ARCHIVE_FAILED_MESSAGE;
  const detail =
    code === 'storage_failed' && message.startsWith(STORAGE_FAILED_PREFIX)
      ? message.slice(STORAGE_FAILED_PREFIX.length)
      : null;
  return { state: 'failed', message, code, detail };
}

/**
 * Data downloads (SPEC §7): archives of a session or of a subject's sessions, made by an archive job
 * (asynchronous: task id, then poll) or streamed straight into the answer (the old synchronous calls).
 */
export class ArchiveService {
  private readonly archives: ArchiveRepository;

  constructor(private readonly deps: AppDeps) {
    this.archives = new ArchiveRepository(deps.db);
  }

  private async audienceFor(scope: ArchiveScope, viewerId: string | null): Promise<ArchiveAudience> {
    if (scope.kind === 'session') return (await sessionAudience(this.deps, scope.id, viewerId)).audience;
    if (!viewerId) throw notFound();
    return { kind: 'owner', viewerId };
  }

  /**
   * Starts making an archive, or hands out the task of one with the same content that is being made or is
   * ready. Returns its task id.
   */
  async request(
    scope: ArchiveScope,
    viewerId: string | null,
    videos: ArchiveVideoCopy,
  ): Promise<{ task_id: string }> {
    const audience = await this.audienceFor(scope, viewerId);
    const content = await buildArchiveContent(this.deps, scope, audience, videos);
    const now = this.deps.clock.now();
    const key = {
      scope: scope.kind,
      scope_id: scope.id,
      audience: audience.kind,
      with_videos: content.payload.with_videos ? 1 : 0,
      // The copy asked for: archives of different copies are never shared, even where their files agree.
      videos,
      content_hash: content.hash,
    };
    const reusable = await this.archives.findReusable(key, now.toISOString());
    if (reusable && (reusable.state !== 'ready' || (await this.stillStored(reusable))))
      return { task_id: reusable.id };
    if (viewerId && (await this.archives.pendingOfUser(viewerId)) >= MAX_PENDING_ARCHIVES_PER_USER)
      throw new HttpError(
        429,
        'Several downloads are being prepared already. Please wait until they are ready.',
      );
    return {
      task_id: await this.insertAndQueue(randomUUID(), key, viewerId, content.payload.file_name, now),
    };
  }

  private async insertAndQueue(
    id: string,
    key: Parameters<ArchiveRepository['findReusable']>[0],
    userId: string | null,
    fileName: string,
    now: Date,
  ): Promise<string> {
    const at = now.toISOString();
    // Until made, an archive row lives as long as a ready one would (a stuck row is swept all the same).
    const expires = new Date(
      now.getTime() + this.deps.config.archiveRetentionDays * 86_400_000,
    ).toISOString();
    await this.archives.insert({
      id,
      user_id: userId,
      ...key,
      state: 'queued',
      job_id: null,
      progress_percent: null,
      progress_message: 'Waiting to start',
      storage_key: null,
      file_name: fileName,
      size_bytes: null,
      error: null,
      error_code: null,
      inputs: null,
      created_at: at,
      updated_at: at,
      expires_at: expires,
    });
    const job = await enqueueJob(this.deps, { kind: 'archive', userId, payload: { archive_id: id } });
    await this.archives.update(id, { job_id: job.id });
    return id;
  }

  private async stillStored(archive: ArchiveRow): Promise<boolean> {
    return Boolean(archive.storage_key && (await this.deps.storage.stat(archive.storage_key)));
  }

  /** SPEC's on-ready check: 202 while made, 200 with a link when ready, 500 with the reason if it failed. */
  async status(taskId: string, viewerId: string | null): Promise<ArchiveStatus> {
    const archive = await this.archives.findById(taskId);
    if (!archive || archive.expires_at <= this.deps.clock.now().toISOString()) throw notFound();
    if (!(await mayHaveArchive(this.deps, archive, viewerId))) throw notFound();
    if (archive.state === 'failed') return { status: 500, body: failure(archive) };
    if (archive.state === 'ready' && archive.storage_key) {
      if (!(await this.stillStored(archive))) throw notFound('This download is no longer available.');
      return {
        status: 200,
        body: {
          state: 'ready',
          // The API's URL, checked again at every request (media-access.service.ts).
          url: mediaUrl(this.deps, archive.storage_key, viewerOf(viewerId), {
            ttlSec: LINK_SECONDS,
            downloadName: archive.file_name,
          }),
          file_name: archive.file_name,
          size_bytes: archive.size_bytes ?? 0,
          expires_at: archive.expires_at,
        },
      };
    }
    return {
      status: 202,
      body: {
        state: archive.state === 'running' ? 'running' : 'queued',
        percent: archive.progress_percent,
        message: archive.progress_message,
      },
    };
  }

  /**
   * The old synchronous download: the same archive written straight into the answer. Every file is read
   * through the same access rule as the job's inputs; an unreadable file ends the stream with an error, so
   * the browser sees a failed download rather than a cut archive.
   */
  async stream(
    scope: ArchiveScope,
    viewerId: string | null,
    videos: ArchiveVideoCopy,
  ): Promise<{ stream: Readable; fileName: string }> {
    const audience = await this.audienceFor(scope, viewerId);
    const content = await buildArchiveContent(this.deps, scope, audience, videos);
    const trials = new TrialRepository(this.deps.db);
    const stream = writeArchive(
      { ...content.payload, archive_id: 'sync', created_at: this.deps.clock.now().toISOString() },
      {
        openInput: async (id) => {
          const file = content.files[id];
          const trial = file ? await trials.findById(file.trial_id) : undefined;
          if (!file || !trial || trial.trashed === 1)
            throw new Error(`The file ${id} is no longer available.`);
          return this.deps.storage.get(file.key);
        },
      },
    );
    return { stream, fileName: content.payload.file_name };
  }

  /** Deletes archives whose retention ended (files and rows). Returns how many. */
  async removeExpired(): Promise<number> {
    const rows = await this.archives.expired(this.deps.clock.now().toISOString());
    for (const a of rows) {
      await this.deps.storage.deletePrefix(mediaKeys.archive(a.id));
      await this.archives.delete(a.id);
    }
    return rows.length;
  }
}

/** Sweeps expired archives every hour (and soon after start). */
export function startArchiveRetention(deps: AppDeps, log: FastifyBaseLogger, intervalMs = 3_600_000) {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    new ArchiveService(deps)
      .removeExpired()
      .then((n) => n > 0 && log.info({ archives: n }, 'archive retention: removed expired downloads'))
      .catch((err: unknown) => log.error({ err }, 'archive retention failed'))
      .finally(() => (running = false));
  };
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
