import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { ArchiveJobSpec } from '@poselab/contract';
import { workerLoop, type Processor } from '@poselab/worker';
import { ThreadJobHost } from '../../../worker/src/thread-host';

/**
 * Thread entry for the embedded pool test: the real loop and thread host with a small processor that digests
 * the downloaded videos (the real pipeline is tested on its own and in the end-to-end test). A job's first
 * attempt hangs when the session is named 'hang-first', so the test can kill the thread mid-job. Archive
 * jobs (the tests' copy kind) stream their input back up.
 */
const port = parentPort!;
const host = new ThreadJobHost(port);
const digest: Processor = async (ctx) => {
  if (ctx.spec.settings.session_name === 'hang-first' && ctx.spec.attempt === 1) {
    ctx.progress(10, 'Hanging');
    await new Promise(() => {});
  }
  const hashes: Record<string, string> = {};
  for (const [id, path] of ctx.videoPaths)
    hashes[id] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  ctx.progress(50, 'Digesting videos');
  const file = join(ctx.workDir, 'digest.json');
  await writeFile(file, JSON.stringify(hashes));
  await ctx.putResult({
    tag: 'session_metadata',
    deviceId: null,
    meta: { hashes },
    fileName: 'digest.json',
    filePath: file,
  });
  return { message: 'Digested', trialMeta: { thread: (workerData as { workerId: string }).workerId } };
};
/** Streams its one input back up as a result (the archive-like path: no file on either side). */
const copy: Processor<ArchiveJobSpec> = async (ctx) => {
  await ctx.putResult({
    tag: 'copy',
    deviceId: null,
    meta: { inputs: ctx.spec.inputs.length },
    fileName: 'copy.bin',
    filePath: null,
    stream: await ctx.openInput('file:source'),
  });
  return { message: 'Copied' };
};
port.postMessage({ type: 'ready' });
await workerLoop(
  host,
  { calibration: digest, neutral: digest, dynamic: digest, archive: copy },
  {
    workerId: (workerData as { workerId: string }).workerId,
    idleMs: 100,
    wake: () => host.wake(),
  },
);
