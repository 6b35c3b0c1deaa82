import { UPLOAD_CHUNK_BYTES } from '@poselab/contract';

/** Thrown when the server no longer wants the video (trial cancelled or deleted): discard it. */
export class UploadGone extends Error {}

/**
 * Thrown when the server refuses the video in a way a retry cannot change: not a video of the announced type
 * (415), unreadable (422), the owner's storage full (413), the pairing ended (401/403), a bad request (400).
 */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FINAL_STATUSES = new Set([400, 401, 403, 413, 415, 422]);

function refuseIfFinal(res: { status: number; json: Record<string, unknown> }): void {
  if (FINAL_STATUSES.has(res.status)) {
    throw new UploadRefused(
      res.status,
      String(res.json.message ?? `The server refused the video (${res.status}).`),
    );
  }
}

export interface UploadJob {
  token: string;
  trialId: string;
  blob: Blob;
  meta: Record<string, unknown>;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

async function call(job: UploadJob, method: string, url: string, body?: BodyInit, type = 'application/json') {
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Device ${job.token}`, ...(body ? { 'Content-Type': type } : {}) },
    body,
    signal: job.signal,
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

/**
 * Uploads a recording in chunks. Each round asks the server where its bytes end, then sends the rest; a
 * dropped connection or a restarted server only costs a retry (backoff up to 10 s, forever, until done or
 * aborted). Resolves when the server has turned the upload into a video.
 */
export async function uploadRecording(job: UploadJob): Promise<void> {
  let delay = 500;
  for (;;) {
    try {
      await uploadOnce(job);
      return;
    } catch (err) {
      if (err instanceof UploadGone || err instanceof UploadRefused || job.signal.aborted) throw err;
      await sleep(delay, job.signal);
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

async function uploadOnce(job: UploadJob): Promise<void> {
  const total = job.blob.size;
  const start = await call(
    job,
    'POST',
    '/api/capture/uploads/',
    JSON.stringify({ trial_id: job.trialId, total_bytes: total, meta: job.meta }),
  );
  if (start.status === 404) throw new UploadGone('The trial no longer exists.');
  refuseIfFinal(start);
  if (start.status !== 200) throw new Error(`upload start: ${start.status}`);
  if (start.json.complete === true) {
    job.onProgress(1);
    return;
  }
  const uploadId = String(start.json.upload_id);
  let offset = Number(start.json.received_bytes);
  job.onProgress(offset / total);
  while (offset < total) {
    const chunk = job.blob.slice(offset, Math.min(offset + UPLOAD_CHUNK_BYTES, total));
    const res = await call(
      job,
      'PUT',
      `/api/capture/uploads/${encodeURIComponent(uploadId)}/?offset=${offset}`,
      chunk,
      'application/octet-stream',
    );
    if (res.status === 404) throw new UploadGone('The upload no longer exists.');
    if (res.status === 409) throw new Error('offset moved'); // ask again where the bytes end
    refuseIfFinal(res);
    if (res.status !== 200) throw new Error(`chunk: ${res.status}`);
    offset = Number(res.json.received_bytes);
    job.onProgress(offset / total);
  }
  const done = await call(job, 'POST', `/api/capture/uploads/${encodeURIComponent(uploadId)}/complete/`);
  if (done.status === 404) throw new Error('completed elsewhere?'); // the next round learns it is complete
  refuseIfFinal(done);
  if (done.status !== 200) throw new Error(`complete: ${done.status}`);
}
