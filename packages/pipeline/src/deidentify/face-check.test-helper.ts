/**
 * Measuring instrument for the de-identification (used by its test and by `bench:deidentify`, not by the
 * product): people come from MoveNet multi-pose (a third model, neither the blurring face model nor the
 * subject's BlazePose), and a face detector looks for a face in windows around each person's head, in the
 * original and in the de-identified frame at the same index. Windows around heads keep the check sensitive
 * (a face fills a good share of the detector's input) and keep background look-alikes (a hole in the
 * platform, a ceiling fixture) out of the count: they are no face.
 */
import * as tf from '@tensorflow/tfjs';
import { decodeFrames } from '../video/decode';
import { createFaceModel, loadPackagedModel, type FaceModel } from './face-model';
import { detectInWindows, type RgbImage } from './face-scan';
import type { Region } from './regions';

export interface Person {
  box: Region;
  head: Region;
  /** Nose and both eyes confident: the face turns towards the camera. */
  facing: boolean;
}

export interface PeopleModel {
  find(image: RgbImage): Promise<Person[]>;
  dispose(): void;
}

/** MoveNet multi-pose lightning: up to 6 people, 17 COCO keypoints each, on a 256-px-wide input. */
export async function createPeopleModel(): Promise<PeopleModel> {
  await createFaceModel('short').then((m) => m.dispose()); // initialises the wasm backend once
  const model = await loadPackagedModel('movenet-multipose');
  return {
    async find(image) {
      const scale = 256 / Math.max(image.width, image.height);
      const w = Math.max(32, 32 * Math.round((image.width * scale) / 32));
      const h = Math.max(32, 32 * Math.round((image.height * scale) / 32));
      const out = tf.tidy(() => {
        const t = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
        const resized = tf.image.resizeBilinear(t, [h, w]).toInt().expandDims(0);
        return model.execute(resized) as tf.Tensor;
      });
      const v = (await out.data()) as Float32Array;
      out.dispose();
      const people: Person[] = [];
      for (let p = 0; p < 6; p++) {
        const o = p * 56;
        if (v[o + 55] < 0.25) continue;
        const kp = (i: number) => ({
          x: v[o + 3 * i + 1] * image.width,
          y: v[o + 3 * i] * image.height,
          s: v[o + 3 * i + 2],
        });
        const headPts = [0, 1, 2, 3, 4].map(kp).filter((k) => k.s >= 0.2);
        if (headPts.length === 0) continue;
        const [ls, rs] = [kp(5), kp(6)];
        const shoulder = ls.s > 0.2 && rs.s > 0.2 ? Math.hypot(ls.x - rs.x, ls.y - rs.y) : 0;
        const xs = headPts.map((k) => k.x);
        const ys = headPts.map((k) => k.y);
        const size = Math.max(
          2.5 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)),
          0.8 * shoulder,
          0.03 * Math.max(image.width, image.height),
        );
        const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
        const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
        const [x0, y0, x1, y1] = [
          v[o + 52] * image.width,
          v[o + 51] * image.height,
          v[o + 54] * image.width,
          v[o + 53] * image.height,
        ];
        people.push({
          box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
          head: { x: cx - size / 2, y: cy - size / 2, width: size, height: size },
          facing: kp(0).s >= 0.3 && kp(1).s >= 0.3 && kp(2).s >= 0.3,
        });
      }
      return people;
    },
    dispose: () => model.dispose(),
  };
}

/** A face of that person: the detection's centre lies on the head (a torso look-alike beside it does not). */
function centredOn(face: Region, head: Region): boolean {
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  return cx >= head.x && cx <= head.x + head.width && cy >= head.y && cy <= head.y + head.height;
}

/**
 * Faces a detector finds on a person's head: windows 3 and 5 head sizes wide around it, a detection counting
 * when its centre lies on the head (the blurring face model takes a bare torso for a big face at times).
 */
export async function facesOnHead(
  detector: FaceModel,
  image: RgbImage,
  head: Region,
  minScore: number,
): Promise<number> {
  const cx = head.x + head.width / 2;
  const cy = head.y + head.height / 2;
  const windows = [3, 5].map((k) => {
    const side = Math.min(Math.max(head.width * k, detector.inputSize), image.width, image.height);
    return {
      x: Math.min(Math.max(0, cx - side / 2), image.width - side),
      y: Math.min(Math.max(0, cy - side / 2), image.height - side),
      side,
    };
  });
  const faces = await detectInWindows(detector, image, windows, minScore);
  return faces.filter((f) => centredOn(f, head)).length;
}

export interface FaceCheckResult {
  frames: number;
  /** Frames where the largest person (the subject) faced the camera. */
  subjectFacingFrames: number;
  /** Of those, frames where the detector found a face on the subject's head in the original. */
  subjectFoundBefore: number;
  /** Heads of anyone (subject or bystander) where the detector found a face, original. */
  facesFoundBefore: number;
  /** The same in the de-identified frames: must be 0. */
  facesFoundAfter: number;
  /** Frame indices of the de-identified video where a face was still found. */
  framesWithFaceAfter: number[];
}

export interface FaceCheckOptions {
  detector: FaceModel;
  people: PeopleModel;
  minScore: number;
  /** Check every n-th frame (1 = every frame). */
  everyNth?: number;
  size: { width: number; height: number };
}

/** Compares an original video with its de-identified copy, frame by frame, at the same size. */
export async function checkFaces(
  original: string,
  blurred: string,
  opts: FaceCheckOptions,
): Promise<FaceCheckResult> {
  const { width, height } = opts.size;
  const decode = (file: string) => decodeFrames(file, width, height, { everyNth: opts.everyNth ?? 1 });
  const after = decode(blurred);
  const r: FaceCheckResult = {
    frames: 0,
    subjectFacingFrames: 0,
    subjectFoundBefore: 0,
    facesFoundBefore: 0,
    facesFoundAfter: 0,
    framesWithFaceAfter: [],
  };
  for await (const before of decode(original)) {
    const next = await after.next();
    if (next.done) throw new Error(`${blurred} has fewer frames than ${original}`);
    const people = await opts.people.find(before);
    const subject = people.reduce<Person | null>(
      (best, p) => (!best || p.box.width * p.box.height > best.box.width * best.box.height ? p : best),
      null,
    );
    for (const p of people) {
      const found = await facesOnHead(opts.detector, before, p.head, opts.minScore);
      const left = await facesOnHead(opts.detector, next.value, p.head, opts.minScore);
      if (found) r.facesFoundBefore++;
      if (left) {
        r.facesFoundAfter += left;
        r.framesWithFaceAfter.push(before.index * (opts.everyNth ?? 1));
      }
      if (p === subject && p.facing) {
        r.subjectFacingFrames++;
        if (found) r.subjectFoundBefore++;
      }
    }
    r.frames++;
  }
  await after.return(undefined);
  return r;
}
