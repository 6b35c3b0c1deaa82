import { ARCHIVE_RESULT_TAG, archivePayload, type ArchiveJobSpec } from '@poselab/contract';
import { writeArchive } from '../archive/write-archive';
import { HostError, ProcessingError } from '../host';
import type { JobContext, ProcessorOutcome } from '../runner';

/** The server answers this status when storage refused the archive (disk full, bucket denied …). */
export const STORAGE_FAILED_STATUS = 507;

/** Progress messages change at most this often (each change is a heartbeat). */
const PROGRESS_EVERY_MS = 1000;

/**
 * Archive job: writes the session or subject archive the payload describes as a zip stream straight from
 * the job's inputs into the server's storage (ctx.putResult with a stream), so memory stays flat whatever
 * the archive's size. A storage failure is not retried: its message goes to the user.
 */
export async function processArchive(ctx: JobContext<ArchiveJobSpec>): Promise<ProcessorOutcome> {
  const parsed = archivePayload.safeParse(ctx.spec.payload);
  if (!parsed.success)
    throw new ProcessingError('The archive request is invalid.', parsed.error.message.slice(0, 2000));
  const payload = parsed.data;
  const sizes = new Map(ctx.spec.inputs.map((i) => [i.id, i.size ?? null]));
  let lastReport = 0;
  ctx.progress(0, 'Preparing the archive');
  const zip = writeArchive(payload, {
    openInput: (id) => ctx.openInput(id),
    inputSize: (id) => sizes.get(id),
    onProgress: (p) => {
      const now = Date.now();
      if (now - lastReport < PROGRESS_EVERY_MS && p.doneFiles < p.totalFiles) return;
      lastReport = now;
      const share = p.totalBytes > 0 ? p.doneBytes / p.totalBytes : p.doneFiles / Math.max(1, p.totalFiles);
      ctx.progress(Math.min(99, Math.round(share * 100)), `Adding files (${p.doneFiles} of ${p.totalFiles})`);
    },
  });
  try {
    await ctx.putResult({
      tag: ARCHIVE_RESULT_TAG,
      deviceId: null,
      meta: { sessions: payload.sessions.length, with_videos: payload.with_videos },
      fileName: payload.file_name,
      filePath: null,
      stream: zip,
    });
  } catch (err) {
    // With an error, so that a stream still being pumped to the server (ports, HTTP) stops too.
    zip.destroy(err as Error);
    if (err instanceof HostError && err.status === STORAGE_FAILED_STATUS)
      throw new ProcessingError(storageMessage(err.message), err.message);
    throw err;
  }
  return { message: 'Archive ready' };
}

/** The server's words without the protocol prefix ('POST /… answered 507: '). */
function storageMessage(message: string): string {
  return message.replace(/^[A-Z]+ \S+ answered \d+: /, '');
}
