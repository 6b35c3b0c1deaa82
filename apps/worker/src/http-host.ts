import { createWriteStream, openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { anyJobSpec, type AnyJobSpec, type JobKind } from '@poselab/contract';
import { HostError, LeaseLostError, type JobHost, type Progress, type ResultUpload } from './host';

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

/** The worker protocol over HTTP with a worker token ('Authorization: Worker <token>'). */
export class HttpJobHost implements JobHost {
  constructor(
    private readonly server: string,
    private readonly token: string,
    private readonly fetchFn: FetchFn = (url, init) => fetch(url, init),
  ) {}

  /** One call; a Readable body is streamed raw (application/octet-stream) with `extraHeaders`. */
  private async call(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Worker ${this.token}`, ...extraHeaders };
    const init: RequestInit & { duplex?: 'half' } = { method, headers };
    if (body instanceof FormData) init.body = body;
    else if (body instanceof Readable) {
      headers['content-type'] = 'application/octet-stream';
      init.body = Readable.toWeb(body) as unknown as RequestInit['body'];
      init.duplex = 'half';
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await this.fetchFn(`${this.server}/api${path}`, init);
    } catch (err) {
      throw new HostError(0, `Could not reach ${this.server}: ${(err as Error).message}`);
    }
    if (res.status === 409) throw new LeaseLostError();
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new HostError(res.status, `${method} ${path} answered ${res.status}: ${message}`);
    }
    return res;
  }

  async claim(workerId: string, kinds: readonly JobKind[]): Promise<AnyJobSpec | null> {
    const res = await this.call('POST', '/worker/jobs/claim/', { worker_id: workerId, kinds });
    const body = (await res.json()) as { job: unknown };
    return body.job ? anyJobSpec.parse(body.job) : null;
  }

  async heartbeat(jobId: string, workerId: string, progress: Progress): Promise<void> {
    await this.call('POST', `/worker/jobs/${jobId}/heartbeat/`, { worker_id: workerId, ...progress });
  }

  private async download(path: string, destPath: string): Promise<void> {
    const res = await this.call('GET', path);
    if (!res.body) throw new HostError(res.status, `GET ${path} gave no body`);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(destPath));
  }

  downloadVideo(jobId: string, videoId: string, destPath: string): Promise<void> {
    return this.download(`/worker/jobs/${jobId}/videos/${videoId}/`, destPath);
  }

  downloadResult(jobId: string, resultId: string, destPath: string): Promise<void> {
    return this.download(`/worker/jobs/${jobId}/results/${resultId}/`, destPath);
  }

  async openInput(jobId: string, inputId: string): Promise<Readable> {
    const path = `/worker/jobs/${jobId}/inputs/${encodeURIComponent(inputId)}/`;
    const res = await this.call('GET', path);
    if (!res.body) throw new HostError(res.status, `GET ${path} gave no body`);
    return Readable.fromWeb(res.body as WebReadableStream);
  }

  async putResult(jobId: string, workerId: string, result: ResultUpload): Promise<void> {
    if (result.stream) return this.putResultStream(jobId, workerId, result, result.stream);
    const form = new FormData();
    form.set('worker_id', workerId);
    form.set('tag', result.tag);
    if (result.deviceId) form.set('device_id', result.deviceId);
    form.set('meta', JSON.stringify(result.meta));
    if (result.fileName) form.set('file_name', result.fileName);
    if (result.filePath) {
      // openAsBlob streams the file from disk as the request is sent (synced videos can be large).
      form.set('file', await openAsBlob(result.filePath), result.fileName ?? 'result');
    }
    await this.call('POST', `/worker/jobs/${jobId}/results/`, form);
  }

  /** Streams a large result up as a raw body (fields in headers), never holding it in memory. */
  private async putResultStream(
    jobId: string,
    workerId: string,
    result: ResultUpload,
    stream: Readable,
  ): Promise<void> {
    const headers: Record<string, string> = {
      'x-worker-id': workerId,
      'x-result-tag': result.tag,
      'x-result-meta': Buffer.from(JSON.stringify(result.meta)).toString('base64url'),
    };
    if (result.fileName) headers['x-result-file-name'] = result.fileName;
    if (result.deviceId) headers['x-result-device-id'] = result.deviceId;
    await this.call('POST', `/worker/jobs/${jobId}/results/stream/`, stream, headers);
  }

  async complete(
    jobId: string,
    workerId: string,
    body: { message?: string; trial_meta?: Record<string, unknown> },
  ) {
    await this.call('POST', `/worker/jobs/${jobId}/complete/`, { worker_id: workerId, ...body });
  }

  async fail(
    jobId: string,
    workerId: string,
    body: { user_message: string; detail?: string; retryable: boolean },
  ) {
    await this.call('POST', `/worker/jobs/${jobId}/fail/`, { worker_id: workerId, ...body });
  }
}
