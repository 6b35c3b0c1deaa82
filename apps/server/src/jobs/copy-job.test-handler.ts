import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import type { JobRow } from '../repositories/job.repository';
import { jobPayload, specCommon, type JobKindHandler } from './kinds';
import { jobSettings } from './job-settings';

/**
 * A job kind for the queue's own tests, registered in place of a real kind: it copies one stored file
 * (payload.source_key, input 'file:source') to an output, and records every hook it sees.
 */
export interface CopyJobLog {
  events: string[];
  outputs: { id: string; key: string; tag: string; meta: Record<string, unknown> }[];
}

export function copyJobHandler(log: CopyJobLog): JobKindHandler {
  const sourceKey = (job: JobRow) => String(jobPayload(job).source_key ?? '');
  return {
    async buildSpec(_deps, job) {
      return {
        ...specCommon(job, jobSettings().leaseSeconds),
        kind: 'archive',
        trial_id: job.trial_id,
        payload: jobPayload(job),
        inputs: [{ id: 'file:source', role: 'source', name: 'source.bin' }],
      };
    },
    async onClaimed(_deps, job) {
      log.events.push(`claimed:${job.attempts}`);
    },
    async onProgress(_deps, _job, progress) {
      log.events.push(`progress:${progress.percent ?? ''}`);
    },
    async resolveInput(_deps, job, inputId) {
      return inputId === 'file:source' ? { storageKey: sourceKey(job), fileName: 'source.bin' } : null;
    },
    async storeOutput(deps: AppDeps, job, output) {
      const key = `test-outputs/${job.id}/${output.fileName ?? 'out'}`;
      if (output.body) await deps.storage.put(key, output.body);
      const id = randomUUID();
      log.outputs.push({ id, key, tag: output.tag, meta: output.meta });
      return { id };
    },
    async onCompleted(_deps, _job, body) {
      log.events.push(`completed:${body.message ?? ''}`);
    },
    async onFailed(_deps, _job, message) {
      log.events.push(`failed:${message}`);
    },
    async onRequeued(_deps, _job, note) {
      log.events.push(`requeued:${note}`);
    },
  };
}
