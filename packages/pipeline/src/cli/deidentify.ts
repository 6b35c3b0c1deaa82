/**
 * `poselab deidentify <video> --out <file>`: the worker's de-identification step on one video. The subject's
 * head comes from BlazePose (lite, on the frames the face model scans, interpolated in between) unless
 * --no-pose; faces from the face model's scans.
 */
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { deidentifyVideo, DEIDENTIFY_DEFAULTS } from '../deidentify/deidentify-video';
import { headBoxesFromKeypoints } from '../deidentify/regions';
import { detectKeypoints2D } from '../pose/detect-video';
import { probeVideo } from '../video/probe';
import { DEIDENTIFY_USAGE, parseDeidentifyArgs, type DeidentifyArgs } from './deidentify-args';

export async function deidentifyMain(argv: string[]): Promise<number> {
  let args: DeidentifyArgs;
  try {
    args = parseDeidentifyArgs(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${DEIDENTIFY_USAGE}`);
    return 1;
  }
  try {
    await access(args.input);
    const info = await probeVideo(args.input);
    await mkdir(path.dirname(path.resolve(args.out)), { recursive: true });
    const scanEvery = Math.max(1, Math.round((info.fps || 30) / DEIDENTIFY_DEFAULTS.scansPerSecond));
    let heads;
    if (args.pose) {
      const kp = await detectKeypoints2D(args.input, { variant: 'lite', workers: 1, frameStride: scanEvery });
      heads = headBoxesFromKeypoints(kp);
    }
    const r = await deidentifyVideo(args.input, args.out, { heads, scanEvery });
    console.log(
      `${args.out}: ${r.frames} frames ${r.width}x${r.height}, ${r.facesFound} faces found in ${r.scannedFrames} scanned frames, ${r.seconds.toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    console.error(`Error: ${(err as Error).message}`);
    return 1;
  }
}
