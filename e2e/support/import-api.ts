import { openAsBlob, statSync } from 'node:fs';
import { basename } from 'node:path';
import { IMPORT_CHUNK_BYTES } from '../../packages/contract/src/imports';
import type { TestUser } from './accounts';
import { until } from './demo-recording';
import type { RunningServer } from './server';

/**
 * 'New session from video files' through its HTTP calls (issue #28), as the wizard makes them: a session of
 * file cameras, a calibration file, then one file per camera for each trial, sent in chunks through the
 * resumable upload protocol. For specs whose subject is what happens after the upload (processing, alignment).
 */
export interface ImportedTrial {
  id: string;
  name: string;
  status: string;
  meta: {
    error_msg?: string;
    coarse_alignment?: { method: string | null; start_sec: number[] | null; device_ids: string[] };
    sync?: { video_start_sec: Record<string, number | null>; results_start_sec: number };
  };
  results: { tag: string; media: string | null }[];
}

export class ImportClient {
  constructor(
    private readonly server: RunningServer,
    private readonly user: TestUser,
  ) {}

  async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${this.server.url}/api${path}`, {
      ...init,
      headers: { authorization: `Token ${this.user.token}`, ...init.headers },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  json<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  }

  /** A session of `n` file cameras; their device ids in camera order. */
  async createSession(n: number): Promise<{ id: string; deviceIds: string[] }> {
    const r = await this.json<{ session: { id: string }; cameras: { device_id: string }[] }>(
      '/sessions/import/',
      { n_cameras: n },
    );
    return { id: r.session.id, deviceIds: r.cameras.map((c) => c.device_id) };
  }

  /** Imports a calibration file; its cameras go to the session's cameras in order (the proposed assignment). */
  async importCalibration(sessionId: string, file: string): Promise<void> {
    const form = new FormData();
    form.set('file', await openAsBlob(file), basename(file));
    await this.call(`/sessions/${sessionId}/import_calibration/`, { method: 'POST', body: form });
  }

  /** Starts a trial of one file per camera (`files[i]` on camera i) and uploads them; returns the trial id. */
  async importTrial(
    sessionId: string,
    deviceIds: string[],
    name: string,
    files: string[],
    subject?: Record<string, unknown>,
  ): Promise<string> {
    const start = await this.json<{ trial_id: string; uploads: { device_id: string; upload_id: string }[] }>(
      `/sessions/${sessionId}/import/trials/`,
      {
        name,
        files: files.map((f, i) => ({
          device_id: deviceIds[i],
          file_name: basename(f),
          mime: 'video/mp4',
          total_bytes: statSync(f).size,
        })),
        ...(subject ? { subject } : {}),
      },
    );
    for (const [i, f] of files.entries()) {
      const upload = start.uploads.find((u) => u.device_id === deviceIds[i])!;
      const blob = await openAsBlob(f);
      for (let offset = 0; offset < blob.size; offset += IMPORT_CHUNK_BYTES)
        await this.call(`/imports/uploads/${upload.upload_id}/?offset=${offset}`, {
          method: 'PUT',
          body: blob.slice(offset, offset + IMPORT_CHUNK_BYTES),
          headers: { 'content-type': 'application/octet-stream' },
        });
      await this.call(`/imports/uploads/${upload.upload_id}/complete/`, { method: 'POST' });
    }
    return start.trial_id;
  }

  /** Waits until the trial is processed and returns it; throws with the trial's message when it failed. */
  async processed(trialId: string, ms = 1_200_000): Promise<ImportedTrial> {
    const trial = await until(
      `trial ${trialId} processed`,
      async () => {
        const t = await this.call<ImportedTrial>(`/trials/${trialId}/`);
        return t.status === 'done' || t.status === 'error' ? t : null;
      },
      ms,
    );
    if (trial.status !== 'done')
      throw new Error(`${trial.name} ended in ${trial.status}: ${trial.meta.error_msg}`);
    return trial;
  }

  /** The trial's joint angles (.mot text). */
  async mot(trial: ImportedTrial): Promise<string> {
    const media = trial.results.find((r) => r.tag === 'ik_results')?.media;
    if (!media) throw new Error(`${trial.name} has no ik_results`);
    const res = await fetch(new URL(media, this.server.url), {
      headers: { authorization: `Token ${this.user.token}` },
    });
    return res.text();
  }
}
