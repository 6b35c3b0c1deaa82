/** Worker thread: one BlazePose instance, decodes its job's frames with ffmpeg and estimates one pose per frame. */
import { parentPort } from 'node:worker_threads';
import { decodeFrames, readAhead } from '../video/decode';
import {
  createBlazePose,
  type BlazePoseEstimator,
  type BlazePoseVariant,
  type PoseRuntime,
} from './blazepose';
import { cropRgb } from './crop';
import type { PoseFrameResult, PoseJob, WorkerRequest, WorkerResponse } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('pose-worker must run in a worker thread');

const estimators = new Map<string, BlazePoseEstimator>();
async function estimatorFor(variant: BlazePoseVariant, runtime: PoseRuntime): Promise<BlazePoseEstimator> {
  const key = `${variant}/${runtime}`;
  let e = estimators.get(key);
  if (!e) {
    e = await createBlazePose(variant, { runtime });
    estimators.set(key, e);
  }
  return e;
}

async function runJob(job: PoseJob): Promise<PoseFrameResult[]> {
  const est = await estimatorFor(job.variant, job.runtime ?? 'onnx');
  est.reset();
  const sx = job.width / job.decodeWidth;
  const sy = job.height / job.decodeHeight;
  const results: PoseFrameResult[] = [];
  // Seek half a frame early so that the first kept frame is exactly startFrame.
  const startSec = job.startFrame > 0 ? (job.startFrame - 0.5) / job.fps : 0;
  let wasCropped = false;
  const stride = Math.max(1, Math.round(job.frameStride ?? 1));
  const decodeOpts = { startSec, maxFrames: Math.ceil(job.frameCount / stride), everyNth: stride };
  // Decoding (ffmpeg, another process) runs a few frames ahead of the network.
  const frames = readAhead(decodeFrames(job.file, job.decodeWidth, job.decodeHeight, decodeOpts), 4);
  for await (const fr of frames) {
    const offset = fr.index * stride;
    const frame = job.startFrame + offset;
    const roi = job.rois?.[offset] ?? null;
    if (!roi && job.roiOnly) continue;
    let landmarks: Float32Array | null = null;
    if (roi) {
      // Detect inside the subject's region only; tracking state from whole frames does not apply to crops.
      const crop = cropRgb(fr.data, fr.width, fr.height, {
        x: roi.x / sx,
        y: roi.y / sy,
        width: roi.width / sx,
        height: roi.height / sy,
      });
      est.reset();
      const pose = await est.estimate(crop.data, crop.width, crop.height, (frame * 1000) / job.fps);
      est.reset();
      wasCropped = true;
      if (pose) landmarks = packLandmarks(pose.landmarks, crop.x0, crop.y0, sx, sy);
    } else {
      if (wasCropped) est.reset();
      wasCropped = false;
      const pose = await est.estimate(fr.data, fr.width, fr.height, (frame * 1000) / job.fps);
      if (pose) landmarks = packLandmarks(pose.landmarks, 0, 0, sx, sy);
    }
    results.push({ frame, landmarks });
    if (fr.index % 10 === 9) post({ type: 'progress', jobId: job.jobId, done: fr.index + 1 });
  }
  return results;
}

function packLandmarks(
  lms: Array<{ x: number; y: number; score: number }>,
  x0: number,
  y0: number,
  sx: number,
  sy: number,
): Float32Array {
  const out = new Float32Array(lms.length * 3);
  lms.forEach((l, i) => out.set([(l.x + x0) * sx, (l.y + y0) * sy, l.score], i * 3));
  return out;
}

function post(msg: WorkerResponse): void {
  port!.postMessage(msg);
}

port.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'close') {
    for (const e of estimators.values()) e.dispose();
    port.close();
    return;
  }
  runJob(msg.job).then(
    (results) => post({ type: 'done', jobId: msg.job.jobId, results }),
    (err: unknown) =>
      post({
        type: 'error',
        jobId: msg.job.jobId,
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
post({ type: 'ready' });
