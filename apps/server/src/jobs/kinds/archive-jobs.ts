import { ARCHIVE_RESULT_TAG, type ArchiveJobSpec } from '@poselab/contract';
import { STORAGE_FAILED_STATUS } from '@poselab/worker';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, HttpError } from '../../http/http-error';
import { ArchiveRepository, type ArchiveRow } from '../../repositories/archive.repository';
import { JobRepository, type JobRow } from '../../repositories/job.repository';
import { TrialRepository } from '../../repositories/trial.repository';
import { audienceOf, scopeOf, videosOf } from '../../services/archive-access';
import { buildArchiveContent } from '../../services/archive-build';
import { archiveVideoCopy, mayRead, type ArchiveInputFile } from '../../services/archive-content';
import { copyAllowsKey } from '../../services/data-sharing';
import { SessionRepository } from '../../repositories/session.repository';
import { mediaKeys } from '../../storage/media-keys';
import { jobSettings } from '../job-settings';
import { JobInputError, jobPayload, specCommon, type JobKindHandler } from './job-kind';

/** Words for failures that are not the data's fault (the worker's generic words are about trials). */
export const ARCHIVE_FAILED_MESSAGE = 'The archive could not be made. Please try again later.';
export const ARCHIVE_UNAVAILABLE_MESSAGE = 'The data of this download is no longer available.';
export const STORAGE_FAILED_PREFIX = 'Storing the archive failed: ';

async function archiveOf(deps: AppDeps, job: JobRow): Promise<ArchiveRow | undefined> {
  const id = jobPayload(job).archive_id;
  return typeof id === 'string' ? new ArchiveRepository(deps.db).findById(id) : undefined;
}

function inputsOf(archive: ArchiveRow): Record<string, ArchiveInputFile> {
  try {
    return JSON.parse(archive.inputs ?? '{}') as Record<string, ArchiveInputFile>;
  } catch {
    return {};
  }
}

const now = (deps: AppDeps) => deps.clock.now().toISOString();

/**
 * Archive jobs (data downloads): the worker writes the zip of a session or a subject's sessions from the
 * stored files its spec lists, streamed into storage. The archive row shows the job's progress; it becomes
 * ready only once the whole zip is stored, under a key of its own attempt, so no half-written archive is
 * ever handed out. Every read of an input checks the media access rule for the archive's audience again.
 */
export const archiveJobs: JobKindHandler = {
  async buildSpec(deps, job): Promise<ArchiveJobSpec> {
    const archive = await archiveOf(deps, job);
    if (!archive) throw new JobInputError(ARCHIVE_UNAVAILABLE_MESSAGE);
    let content;
    try {
      content = await buildArchiveContent(deps, scopeOf(archive), audienceOf(archive), videosOf(archive));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404)
        throw new JobInputError(ARCHIVE_UNAVAILABLE_MESSAGE);
      throw err;
    }
    await new ArchiveRepository(deps.db).update(archive.id, {
      inputs: JSON.stringify(content.files),
      updated_at: now(deps),
    });
    return {
      ...specCommon(job, jobSettings().leaseSeconds),
      kind: 'archive',
      trial_id: null,
      payload: { ...content.payload, archive_id: archive.id, created_at: archive.created_at },
      inputs: content.inputs,
    };
  },

  async onClaimed(deps, job) {
    const archive = await archiveOf(deps, job);
    if (!archive) return;
    // Whatever an earlier attempt left behind goes before this one writes.
    await deps.storage.deletePrefix(mediaKeys.archive(archive.id));
    await new ArchiveRepository(deps.db).update(archive.id, {
      state: 'running',
      progress_percent: 0,
      progress_message: 'Preparing the archive',
      storage_key: null,
      size_bytes: null,
      error: null,
      error_code: null,
      updated_at: now(deps),
    });
  },

  async onProgress(deps, job, progress) {
    const archive = await archiveOf(deps, job);
    if (!archive) return;
    await new ArchiveRepository(deps.db).update(archive.id, {
      ...(progress.percent != null ? { progress_percent: Math.round(progress.percent) } : {}),
      ...(progress.message != null ? { progress_message: progress.message } : {}),
      updated_at: now(deps),
    });
  },

  async resolveInput(deps, job, inputId) {
    const archive = await archiveOf(deps, job);
    const file = archive ? inputsOf(archive)[inputId] : undefined;
    if (!archive || !file) return null;
    const trial = await new TrialRepository(deps.db).findById(file.trial_id);
    if (!trial || trial.trashed === 1) return null;
    const audience = audienceOf(archive);
    if (!(await mayRead(deps, file.key, audience))) return null;
    if (file.video) {
      // A video only in the copy asked for, and as the audience may still have it (the owner asking for
      // de-identified videos never gets an original).
      const session = await new SessionRepository(deps.db).findById(trial.session_id);
      const copy = session ? archiveVideoCopy(session, audience, videosOf(archive)) : 'none';
      if (copy === 'none' || !(await copyAllowsKey(deps, copy, file.key))) return null;
    }
    return { storageKey: file.key, fileName: file.key.split('/').pop() ?? 'file' };
  },

  async storeOutput(deps, job, output) {
    const archive = await archiveOf(deps, job);
    if (!archive) throw conflict('This download no longer exists.');
    if (output.tag !== ARCHIVE_RESULT_TAG || !output.body) throw badRequest('An archive job stores one zip.');
    const key = `${mediaKeys.archive(archive.id)}/${job.attempts}/${archive.file_name}`;
    const archives = new ArchiveRepository(deps.db);
    let size: number;
    try {
      size = (await deps.storage.put(key, output.body, 'application/zip')).size;
    } catch (err) {
      const message = `${STORAGE_FAILED_PREFIX}${(err as Error).message}`;
      await archives.update(archive.id, {
        error: message,
        error_code: 'storage_failed',
        updated_at: now(deps),
      });
      await deps.storage.delete(key).catch(() => undefined);
      throw new HttpError(STORAGE_FAILED_STATUS, message);
    }
    // The zip is whole; it counts only if this attempt still holds the job.
    const current = await new JobRepository(deps.db, deps.dialect).findById(job.id);
    if (
      current?.status !== 'running' ||
      current.worker_id !== job.worker_id ||
      current.attempts !== job.attempts
    ) {
      await deps.storage.delete(key);
      throw conflict('This job is no longer leased to this worker.');
    }
    await archives.update(archive.id, { storage_key: key, size_bytes: size, updated_at: now(deps) });
    return { id: archive.id };
  },

  async onCompleted(deps, job) {
    const archive = await archiveOf(deps, job);
    if (!archive) return;
    const archives = new ArchiveRepository(deps.db);
    const at = deps.clock.now();
    if (!archive.storage_key || !(await deps.storage.stat(archive.storage_key))) {
      await archives.update(archive.id, {
        state: 'failed',
        error: ARCHIVE_FAILED_MESSAGE,
        updated_at: at.toISOString(),
      });
      return;
    }
    await archives.update(archive.id, {
      state: 'ready',
      progress_percent: 100,
      progress_message: 'Archive ready',
      updated_at: at.toISOString(),
      expires_at: new Date(at.getTime() + deps.config.archiveRetentionDays * 86_400_000).toISOString(),
    });
  },

  async onFailed(deps, job, userMessage) {
    const archive = await archiveOf(deps, job);
    if (!archive) return;
    const generic = /Consider recording this trial again/.test(userMessage);
    await deps.storage.deletePrefix(mediaKeys.archive(archive.id)).catch(() => undefined);
    await new ArchiveRepository(deps.db).update(archive.id, {
      state: 'failed',
      error: archive.error ?? (generic ? ARCHIVE_FAILED_MESSAGE : userMessage),
      error_code:
        archive.error_code ?? (userMessage === ARCHIVE_UNAVAILABLE_MESSAGE ? 'unavailable' : 'failed'),
      storage_key: null,
      updated_at: now(deps),
    });
  },

  async onRequeued(deps, job, note) {
    const archive = await archiveOf(deps, job);
    if (!archive) return;
    await new ArchiveRepository(deps.db).update(archive.id, {
      state: 'queued',
      progress_percent: null,
      progress_message: note.replace('The processing worker', 'The archive worker'),
      updated_at: now(deps),
    });
  },
};
