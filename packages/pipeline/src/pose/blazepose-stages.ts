/**
 * Stage timers for the per-frame profile (bench:pose-profile). For the former path (runtime 'tfjs': the wrapper's
 * estimatePoses, all in tfjs-wasm) they are installed on the wrapper's detector: `poseLandmarksByRoi` is the
 * wrapper's own (pose-detection 2.1.3, PoseLandmarksByRoiCpu) with timers between its steps. The ONNX path
 * (blazepose-tracker.ts) times itself.
 */
import * as tf from '@tensorflow/tfjs';
import { BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG } from '@tensorflow-models/pose-detection/dist/blazepose_tfjs/constants';
import { convertImageToTensor } from '@tensorflow-models/pose-detection/dist/shared/calculators/convert_image_to_tensor';
import type { Rect } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/shape_interfaces';

export const LANDMARK_INPUT_SIZE = 256;
export const DETECTOR_INPUT_SIZE = 224;
/** The landmark network's outputs, in the order the wrapper's post-processing takes them. */
export const LANDMARK_OUTPUTS = ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'] as const;

/** Milliseconds per stage, summed over `frames` estimates. */
export interface StageTimes {
  frames: number;
  /** RGB bytes → tfjs tensor (the colour/format conversion). */
  tensor: number;
  /** Person detector: crop to 224 px + network + box decoding (only on frames where tracking was lost). */
  detector: number;
  detectorNetwork: number;
  detectorRuns: number;
  /** Rotated ROI crop and resize to the landmark network's 256 × 256 input. */
  crop: number;
  landmarkNetwork: number;
  /** Landmark decoding, heatmap refinement, projection back to the image. */
  post: number;
  /** Whole estimate() calls. */
  total: number;
}

export function emptyStageTimes(): StageTimes {
  return {
    frames: 0,
    tensor: 0,
    detector: 0,
    detectorNetwork: 0,
    detectorRuns: 0,
    crop: 0,
    landmarkNetwork: 0,
    post: 0,
    total: 0,
  };
}

type LandmarkResult = {
  landmarks: unknown;
  auxiliaryLandmarks: unknown;
  poseScore: number;
  worldLandmarks: unknown;
  segmentationMask: unknown;
};

/** The parts of pose-detection's BlazePoseTfjsDetector that are replaced or timed. */
export interface BlazePoseInternals {
  detectorModel: { predict(x: tf.Tensor): tf.Tensor | tf.Tensor[]; dispose(): void };
  landmarkModel: { execute(x: tf.Tensor, outputs: string[]): tf.Tensor[]; dispose(): void };
  detectPose(image: tf.Tensor3D): Promise<unknown[]>;
  poseLandmarksByRoi(roi: Rect, image: tf.Tensor3D): Promise<object | null>;
  tensorsToPoseLandmarksAndSegmentation(tensors: tf.Tensor[]): Promise<LandmarkResult | null>;
  poseLandmarksAndSegmentationInverseProjection(
    imageSize: { width: number; height: number },
    roi: Rect,
    padding: unknown,
    matrix: unknown,
    landmarks: unknown,
    auxiliary: unknown,
    world: unknown,
    mask: unknown,
  ): Promise<object>;
}

/** Installs the stage timers on the wrapper's detector (the former, all-tfjs path). */
export function instrument(det: BlazePoseInternals, times: StageTimes): void {
  const clock = (key: keyof StageTimes, t0: number): void => {
    times[key] += performance.now() - t0;
  };
  const detectPose = det.detectPose.bind(det);
  det.detectPose = async (image) => {
    const t0 = performance.now();
    times.detectorRuns++;
    try {
      return await detectPose(image);
    } finally {
      clock('detector', t0);
    }
  };
  const predict = det.detectorModel.predict.bind(det.detectorModel);
  det.detectorModel.predict = (x) => {
    const t0 = performance.now();
    const out = predict(x);
    (Array.isArray(out) ? out : [out]).forEach((o) => o.dataSync());
    clock('detectorNetwork', t0);
    return out;
  };
  const landmarkModel = det.landmarkModel;
  det.poseLandmarksByRoi = async (roi, image) => {
    const imageSize = { height: image.shape[0], width: image.shape[1] };
    let t0 = performance.now();
    const { imageTensor, padding, transformationMatrix } = convertImageToTensor(
      image,
      BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG,
      roi,
    );
    imageTensor.dataSync();
    clock('crop', t0);
    t0 = performance.now();
    const outputs = landmarkModel.execute(imageTensor, [...LANDMARK_OUTPUTS]);
    outputs.forEach((o) => o.dataSync());
    clock('landmarkNetwork', t0);
    t0 = performance.now();
    try {
      const r = await det.tensorsToPoseLandmarksAndSegmentation(outputs);
      if (!r) return null;
      const projected = await det.poseLandmarksAndSegmentationInverseProjection(
        imageSize,
        roi,
        padding,
        transformationMatrix,
        r.landmarks,
        r.auxiliaryLandmarks,
        r.worldLandmarks,
        r.segmentationMask,
      );
      return { poseScore: r.poseScore, ...projected };
    } finally {
      tf.dispose(outputs);
      imageTensor.dispose();
      clock('post', t0);
    }
  };
}
