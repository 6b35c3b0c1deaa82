/**
 * BlazePose's per-frame loop (pose-detection 2.1.3's estimatePoses for one pose, smoothing off) working on the
 * decoded RGB bytes: the person detector runs only when tracking is lost (first frame, or the previous frame's
 * pose score fell under 0.5), otherwise the ROI comes from the previous frame's landmarks. The crops are ours
 * (roi-crop.ts, no full-frame tensor); ROI geometry, detection decoding, NMS, landmark decoding, heatmap
 * refinement and projection are the wrapper's own functions (both networks run on onnxruntime), so results match its output to float rounding.
 */
import * as tf from '@tensorflow/tfjs';
import {
  BLAZEPOSE_DETECTOR_IMAGE_TO_TENSOR_CONFIG,
  BLAZEPOSE_DETECTOR_NON_MAX_SUPPRESSION_CONFIGURATION,
  BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG,
  BLAZEPOSE_TENSORS_TO_DETECTION_CONFIGURATION,
} from '@tensorflow-models/pose-detection/dist/blazepose_tfjs/constants';
import { detectorResult } from '@tensorflow-models/pose-detection/dist/shared/calculators/detector_result';
import type { Detection } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/shape_interfaces';
import type { Rect } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/shape_interfaces';
import { nonMaxSuppression } from '@tensorflow-models/pose-detection/dist/shared/calculators/non_max_suppression';
import { removeDetectionLetterbox } from '@tensorflow-models/pose-detection/dist/shared/calculators/remove_detection_letterbox';
import { tensorsToDetections } from '@tensorflow-models/pose-detection/dist/shared/calculators/tensors_to_detections';
import { LANDMARK_OUTPUTS, type BlazePoseInternals, type StageTimes } from './blazepose-stages';
import type { Landmark } from './keypoint-set';
import type { OnnxNetwork } from './onnx/onnx-network';
import { cropRoi } from './roi-crop';

type AnchorTensor = Parameters<typeof tensorsToDetections>[1];

/** The wrapper's ROI and anchor helpers used by the loop (methods of BlazePoseTfjsDetector). */
export interface TrackerInternals extends BlazePoseInternals {
  anchorTensor: AnchorTensor;
  poseDetectionToRoi(detection: Detection, imageSize: { width: number; height: number }): Rect;
  poseLandmarksToRoi(landmarks: unknown, imageSize: { width: number; height: number }): Rect;
}

export interface TrackedPose {
  score: number;
  landmarks: Landmark[];
}

export interface PoseTracker {
  estimate(rgb: Uint8Array, width: number, height: number): Promise<TrackedPose | null>;
  reset(): void;
}

export interface TrackerNetworks {
  /** Person detector: 224 × 224 input 'input', output 'person' (1 × 2254 × 13). */
  detector: OnnxNetwork;
  /** Landmark network: 256 × 256 input, LANDMARK_OUTPUTS. */
  landmarks: OnnxNetwork;
}

export function createPoseTracker(
  det: TrackerInternals,
  networks: TrackerNetworks,
  times?: StageTimes,
): PoseTracker {
  let roi: Rect | null = null;
  const detInput = {
    size: BLAZEPOSE_DETECTOR_IMAGE_TO_TENSOR_CONFIG.outputTensorSize,
    buf: new Float32Array(0) as Float32Array,
  };
  let landmarkBuf: Float32Array = new Float32Array(0);
  const clock = (key: keyof StageTimes, t0: number): number => {
    const now = performance.now();
    if (times) times[key] += now - t0;
    return now;
  };

  const detectPerson = async (rgb: Uint8Array, width: number, height: number): Promise<Detection | null> => {
    const t0 = performance.now();
    const crop = cropRoi(
      rgb,
      width,
      height,
      BLAZEPOSE_DETECTOR_IMAGE_TO_TENSOR_CONFIG,
      undefined,
      detInput.buf,
    );
    detInput.buf = crop.input;
    const t = performance.now();
    const person = (await networks.detector.run(crop.input)).person;
    const raw = tf.tensor3d(person.data, person.dims as [number, number, number]);
    const { boxes, logits } = detectorResult(raw);
    clock('detectorNetwork', t);
    try {
      const cfg = BLAZEPOSE_DETECTOR_NON_MAX_SUPPRESSION_CONFIGURATION;
      const found = await tensorsToDetections(
        [logits, boxes],
        det.anchorTensor,
        BLAZEPOSE_TENSORS_TO_DETECTION_CONFIGURATION,
      );
      if (found.length === 0) return null;
      const kept = await nonMaxSuppression(found, 1, cfg.minSuppressionThreshold, cfg.overlapType);
      return removeDetectionLetterbox(kept, crop.padding)[0] ?? null;
    } finally {
      tf.dispose([raw, boxes, logits]);
      if (times) times.detectorRuns++;
      clock('detector', t0);
    }
  };

  return {
    reset: () => {
      roi = null;
    },
    async estimate(rgb, width, height) {
      const t0 = performance.now();
      const imageSize = { width, height };
      try {
        if (!roi) {
          const detection = await detectPerson(rgb, width, height);
          if (!detection) return null;
          roi = det.poseDetectionToRoi(detection, imageSize);
        }
        let t = performance.now();
        const crop = cropRoi(rgb, width, height, BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG, roi, landmarkBuf);
        landmarkBuf = crop.input;
        t = clock('crop', t);
        const out = await networks.landmarks.run(crop.input);
        t = clock('landmarkNetwork', t);
        const tensors = LANDMARK_OUTPUTS.map((name) => tf.tensor(out[name].data, [...out[name].dims]));
        try {
          const r = await det.tensorsToPoseLandmarksAndSegmentation(tensors);
          if (!r) {
            roi = null;
            return null;
          }
          const projected = (await det.poseLandmarksAndSegmentationInverseProjection(
            imageSize,
            roi,
            crop.padding,
            crop.transformationMatrix,
            r.landmarks,
            r.auxiliaryLandmarks,
            r.worldLandmarks,
            null,
          )) as { landmarks: Array<{ x: number; y: number; score?: number }>; auxiliaryLandmarks: unknown };
          roi = det.poseLandmarksToRoi(projected.auxiliaryLandmarks, imageSize);
          return {
            score: r.poseScore,
            landmarks: projected.landmarks.map((l) => ({
              x: l.x * width,
              y: l.y * height,
              score: l.score ?? 0,
            })),
          };
        } finally {
          tf.dispose(tensors);
          clock('post', t);
        }
      } finally {
        if (times) {
          times.total += performance.now() - t0;
          times.frames++;
        }
      }
    },
  };
}
