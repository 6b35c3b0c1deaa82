import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { analysisResult, type ArchivePayload, type ArchiveSession } from '@poselab/contract';
import { metricsCsv } from '@poselab/analysis';
import { calibrationToml, cameraJson, sessionMetadataYaml } from './generated-files';
import { readmeText } from './readme-text';
import { ZipWriter } from './zip-writer';

/** Folders every session folder has, even when empty, so that scripts find the layout they expect. */
export const SESSION_FOLDERS = [
  'CalibrationImages/',
  'MarkerData/',
  'OpenSimData/',
  'OpenSimData/Model/',
  'OpenSimData/Kinematics/',
  'Videos/',
];

/** Analysis result files larger than this are not read into memory for their CSV (they are copied still). */
const MAX_ANALYSIS_JSON_BYTES = 64 * 1024 * 1024;

export interface ArchiveProgress {
  doneBytes: number;
  totalBytes: number;
  doneFiles: number;
  totalFiles: number;
}

export interface WriteArchiveOptions {
  /** Opens one of the job's inputs (stored files) as a stream. */
  openInput(inputId: string): Promise<Readable>;
  /** Byte size of each input when known (progress by bytes; otherwise by files). */
  inputSize?(inputId: string): number | null | undefined;
  onProgress?(p: ArchiveProgress): void;
}

/** Every folder above a path ('a/b/c.txt' → 'a/', 'a/b/'). */
function parents(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
}

/** The folder of one session inside the archive. */
function folderOf(session: ArchiveSession, prefix: string): string {
  return `${prefix}${session.folder}/`;
}

/**
 * Writes the archive the payload describes as a zip stream. Returns the stream at once; entries follow one by
 * one as the reader takes them. Inputs are opened in turn; a failing input fails the stream.
 */
export function writeArchive(payload: ArchivePayload, opts: WriteArchiveOptions): Readable {
  const zip = new ZipWriter(new Date(payload.created_at));
  void fill(zip, payload, opts).then(
    () => zip.finish(),
    (err: unknown) => zip.abort(err instanceof Error ? err : new Error(String(err))),
  );
  return zip.output;
}

async function fill(zip: ZipWriter, payload: ArchivePayload, opts: WriteArchiveOptions): Promise<void> {
  const prefix = payload.root ? `${payload.root}/` : '';
  const size = (id: string) => opts.inputSize?.(id) ?? 0;
  const stored = payload.sessions.flatMap((s) => [
    ...s.files.map((f) => f.input),
    ...s.analyses.map((a) => a.input),
  ]);
  const progress: ArchiveProgress = {
    doneBytes: 0,
    totalBytes: stored.reduce((a, id) => a + size(id), 0),
    doneFiles: 0,
    totalFiles: stored.length,
  };
  const report = () => opts.onProgress?.({ ...progress });

  const dirs = new Set<string>(payload.root ? [prefix] : []);
  for (const s of payload.sessions) {
    const base = folderOf(s, prefix);
    dirs.add(base);
    for (const d of SESSION_FOLDERS) dirs.add(base + d);
    for (const f of s.files) for (const p of parents(f.path)) dirs.add(base + p);
    for (const a of s.analyses)
      for (const p of parents(analysisPath(a.trial, a.function_id))) dirs.add(base + p);
  }
  for (const d of [...dirs].sort()) await zip.addDirectory(d);

  for (const s of payload.sessions) {
    const base = folderOf(s, prefix);
    await zip.addBuffer(`${base}README.txt`, readmeText(s, payload.with_videos, payload.created_at));
    await zip.addBuffer(`${base}sessionMetadata.yaml`, sessionMetadataYaml(s));
    for (const cam of s.cameras) {
      const json = cameraJson(cam);
      if (json) await zip.addBuffer(`${base}Videos/Cam${cam.index}/cameraIntrinsicsExtrinsics.json`, json);
    }
    const toml = calibrationToml(s.cameras);
    if (toml) await zip.addBuffer(`${base}Videos/calibration.toml`, toml);

    for (const f of s.files) {
      await zip.addStream(base + f.path, await opts.openInput(f.input), f.store);
      progress.doneBytes += size(f.input);
      progress.doneFiles++;
      report();
    }
    for (const a of s.analyses) {
      const json = await buffer(await opts.openInput(a.input));
      await zip.addBuffer(base + analysisPath(a.trial, a.function_id), json);
      const parsed = json.length <= MAX_ANALYSIS_JSON_BYTES ? parseAnalysis(json) : null;
      if (parsed?.success)
        await zip.addBuffer(
          base + analysisPath(a.trial, a.function_id, '_metrics.csv'),
          metricsCsv(parsed.data),
        );
      progress.doneBytes += size(a.input);
      progress.doneFiles++;
      report();
    }
  }
}

/** An analysis result file as the contract has it; a file that is not (an older format) gets no CSV. */
function parseAnalysis(json: Buffer) {
  try {
    return analysisResult.safeParse(JSON.parse(json.toString('utf8')));
  } catch {
    return null;
  }
}

export function analysisPath(trial: string, functionId: string, suffix = '.json'): string {
  return `Analyses/${trial}/${functionId}${suffix}`;
}
