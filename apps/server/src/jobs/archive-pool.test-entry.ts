import { parentPort, workerData } from 'node:worker_threads';
import type { ArchiveJobSpec } from '@poselab/contract';
import { processArchive, workerLoop, type Processor } from '@poselab/worker';
import { ThreadJobHost } from '../../../worker/src/thread-host';

/**
 * Thread entry for the archive fault tests: the real archive processor. For a session named 'stall_first' the
 * first attempt stalls after a few files have gone into the zip stream (so the test can kill the thread
 * mid-archive). Trial kinds fail.
 */
const port = parentPort!;
const host = new ThreadJobHost(port);
const never: Processor = async () => {
  throw new Error('not a trial test');
};
const stallingFirst: Processor<ArchiveJobSpec> = (ctx) => {
  const sessions = (ctx.spec.payload.sessions ?? []) as Array<{ metadata: { session_name: string | null } }>;
  if (ctx.spec.attempt > 1 || sessions[0]?.metadata.session_name !== 'stall_first')
    return processArchive(ctx);
  let opened = 0;
  return processArchive({
    ...ctx,
    async openInput(id) {
      if (++opened > 4) {
        ctx.progress(42, 'Stalled');
        await new Promise(() => {});
      }
      return ctx.openInput(id);
    },
  });
};
port.postMessage({ type: 'ready' });
await workerLoop(
  host,
  { calibration: never, neutral: never, dynamic: never, archive: stallingFirst },
  { workerId: (workerData as { workerId: string }).workerId, idleMs: 100, wake: () => host.wake() },
);
