/** File/ONNX adapter for the optional marker augmenter (onnxruntime-node, CPU). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarkerTrajectories } from '../ik/solve-ik';
import { augmenterInputs, augmenterOutputs, referencePoints, type Subject } from './features';
import { bridgeAugmenterInput } from './gaps';
import { readNpy } from './npy';
import { AUGMENTER_V03, type AugmenterPartSpec } from './spec';

export interface LoadedAugmenterPart {
  spec: AugmenterPartSpec;
  modelPath: string;
  mean: Float64Array;
  std: Float64Array;
}

export interface Augmenter {
  version: string;
  parts: LoadedAugmenterPart[];
}

const FILES = ['model.onnx', 'mean.npy', 'std.npy'];

/** Versions whose lower and upper folders (augmenter-<version>-lower|upper) hold model.onnx, mean.npy, std.npy. */
export function listAugmenters(folder: string): string[] {
  const versions = ['v0.3'];
  return versions.filter((v) =>
    AUGMENTER_V03.every((p) => FILES.every((f) => existsSync(join(folder, `augmenter-${v}-${p.part}`, f)))),
  );
}

export function loadAugmenter(folder: string, version = 'v0.3'): Augmenter {
  if (version !== 'v0.3') throw new Error(`Augmenter ${version} is not supported (available: v0.3)`);
  const parts = AUGMENTER_V03.map((spec): LoadedAugmenterPart => {
    const dir = join(folder, `augmenter-${version}-${spec.part}`);
    for (const f of FILES) {
      if (!existsSync(join(dir, f)))
        throw new Error(`Augmenter ${version} is not installed: ${join(dir, f)} is missing`);
    }
    return {
      spec,
      modelPath: join(dir, 'model.onnx'),
      mean: readNpy(readFileSync(join(dir, 'mean.npy'))).data,
      std: readNpy(readFileSync(join(dir, 'std.npy'))).data,
    };
  });
  return { version, parts };
}

/** Runs the lower and upper networks over a whole trial and returns the anatomical markers (metres). */
export async function runAugmenter(
  aug: Augmenter,
  keypoints: MarkerTrajectories,
  subject: Subject,
): Promise<MarkerTrajectories> {
  if (!(subject.heightM > 0.5 && subject.heightM < 3))
    throw new Error(`Subject height ${subject.heightM} m is not plausible for the augmenter`);
  if (!(subject.massKg > 1 && subject.massKg <= 300))
    throw new Error(`Subject mass ${subject.massKg} kg is not plausible for the augmenter`);
  const ort = await import('onnxruntime-node');
  const T = keypoints.frames.length;
  // The lower and upper networks run at once (onnxruntime-node runs a session off the main thread): the
  // trial's augmenter step then takes as long as the lower one alone where a second core is free.
  const perPart = await Promise.all(
    aug.parts.map(async (part): Promise<Float64Array[]> => {
      // Gaps in the input are bridged, and the markers of those frames dropped (gaps.ts says why).
      const bridged = bridgeAugmenterInput(keypoints, part.spec.features);
      if (!bridged.usable)
        return Array.from({ length: T }, () => new Float64Array(part.spec.responses.length * 3).fill(NaN));
      const ref = referencePoints(bridged.data);
      const input = augmenterInputs(part.spec, bridged.data, subject, part.mean, part.std);
      const session = await ort.InferenceSession.create(part.modelPath, {
        executionProviders: ['cpu'],
        intraOpNumThreads: 1,
      });
      try {
        const F = part.spec.features.length * 3 + 2;
        const result = await session.run({
          [session.inputNames[0]]: new ort.Tensor('float32', input, [1, T, F]),
        });
        const out = result[session.outputNames[0]];
        const markers = augmenterOutputs(part.spec, out.data as Float32Array, ref, subject);
        markers.forEach((m, t) => bridged.missing[t] && m.fill(NaN));
        return markers;
      } finally {
        await session.release();
      }
    }),
  );
  const names = aug.parts.flatMap((part) => part.spec.responses);
  const frames = Array.from({ length: T }, (_v, t) => {
    const f = new Float64Array(names.length * 3);
    let o = 0;
    for (const p of perPart) {
      f.set(p[t], o);
      o += p[t].length;
    }
    return f;
  });
  return { names, time: [...keypoints.time], frames };
}
