/**
 * The quality figures of a processed trial (contract `trialQuality`, stored as the trial's meta.quality): how
 * well the model fits the keypoints, which coordinates sit at a limit, how far each camera's detections are
 * from the 3D reconstruction, which cameras were left out and the segment lengths.
 */
import { markerPositions, type IKResult, type MarkerTrajectories, type Model } from '@poselab/biomech';
import type { KeypointProcessingResult } from '../keypoints3d/process';
import { segmentLengthStats, RIGID_SEGMENTS } from '../keypoints3d/segments';

/** A camera as users know it: 'Camera 2' (pairing order), with its phone when there is one. */
export interface CameraRef {
  device_id: string | null;
  camera: string;
}

export interface QualityFigures {
  ik_marker_rms_mm: number | null;
  ik_marker_worst: { marker: string; rms_mm: number }[];
  coordinates_at_limit: { coordinate: string; limit: 'min' | 'max'; frames_pct: number }[];
  reprojection: {
    mean_px: number;
    per_camera: (CameraRef & { mean_px: number })[];
    per_keypoint: { keypoint: string; mean_px: number }[];
  } | null;
  cameras_left_out: (CameraRef & { code: string; reason: string })[];
  segment_lengths_mm?: Record<string, number>;
}

const round = (v: number, digits = 1): number => Number(v.toFixed(digits));

/** Per marker used by IK (weight > 0), its RMS distance from the data over the frames (mm). */
export function markerRmsByName(
  model: Model,
  ik: IKResult,
  data: MarkerTrajectories,
  weights?: Record<string, number>,
): Record<string, number> {
  const used = data.names
    .map((n, k) => ({ n, k }))
    .filter(({ n }) => model.markers.some((m) => m.name === n) && (weights ? (weights[n] ?? 0) > 0 : true));
  const sum = new Map<string, { s: number; c: number }>();
  ik.frames.forEach((q, f) => {
    const pos = markerPositions(model, Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]])));
    for (const { n, k } of used) {
      const row = data.frames[f];
      const d = Math.hypot(pos[n][0] - row[3 * k], pos[n][1] - row[3 * k + 1], pos[n][2] - row[3 * k + 2]);
      if (!Number.isFinite(d)) continue;
      const e = sum.get(n) ?? { s: 0, c: 0 };
      e.s += d * d;
      e.c++;
      sum.set(n, e);
    }
  });
  return Object.fromEntries([...sum].map(([n, e]) => [n, Math.sqrt(e.s / e.c) * 1000]));
}

/** The pipeline's camera number (1-based) of each entry of qualityFigures' reprojection.per_camera. */
export function perCameraNumbers(kp: KeypointProcessingResult): number[] {
  return kp.cameras.flatMap((c, j) => (Number.isFinite(kp.reprojection.perCameraPx[j]) ? [c + 1] : []));
}

/** RMS over all frames of the per-frame marker RMS (mm), null without frames. */
export function ikMarkerRmsMm(ik: IKResult): number | null {
  const ok = ik.markerRms.filter(Number.isFinite);
  return ok.length ? Math.sqrt(ok.reduce((s, r) => s + r * r, 0) / ok.length) * 1000 : null;
}

/** Share of frames (percent) each coordinate is pulled against a limit, worst first (those above 0 only). */
export function coordinatesAtLimit(model: Model, ik: IKResult): QualityFigures['coordinates_at_limit'] {
  const n = ik.atLimit.length;
  if (n === 0) return [];
  const out: QualityFigures['coordinates_at_limit'] = [];
  model.coordinates.forEach((c, i) => {
    let low = 0;
    let high = 0;
    for (const flags of ik.atLimit) {
      if (flags[i] < 0) low++;
      else if (flags[i] > 0) high++;
    }
    if (low > 0) out.push({ coordinate: c.name, limit: 'min', frames_pct: round((100 * low) / n) });
    if (high > 0) out.push({ coordinate: c.name, limit: 'max', frames_pct: round((100 * high) / n) });
  });
  return out.sort((a, b) => b.frames_pct - a.frames_pct);
}

/** Cameras of the trial that were not used, each with the code of the reason (see warnings.ts). */
export function camerasLeftOut(
  kp: KeypointProcessingResult,
  cameras: readonly CameraRef[],
): QualityFigures['cameras_left_out'] {
  return cameras.flatMap((ref, c) => {
    if (kp.cameras.includes(c)) return [];
    const why = kp.warnings.find(
      (w) => w.code.startsWith('camera_') && w.code !== 'camera_redetected' && w.params.camera === c + 1,
    );
    return [
      {
        ...ref,
        code: why?.code ?? 'camera_no_subject',
        reason:
          why?.message ??
          `Camera ${c + 1} was left out: the subject was not found in its video often enough.`,
      },
    ];
  });
}

/** Median length over the frames of each rigid segment between keypoints (mm), e.g. r_thigh. */
export function segmentLengthsMm(kp: KeypointProcessingResult): Record<string, number> {
  const present = RIGID_SEGMENTS.every(
    ([, a, b]) => kp.keypoints.names.includes(a) && kp.keypoints.names.includes(b),
  );
  if (!present) return {};
  return Object.fromEntries(segmentLengthStats(kp.keypoints).map((s) => [s.name, round(s.medianMm)]));
}

export function qualityFigures(input: {
  kp: KeypointProcessingResult;
  cameras: readonly CameraRef[];
  fit?: { model: Model; ik: IKResult; markers: MarkerTrajectories; weights?: Record<string, number> };
}): QualityFigures {
  const { kp, cameras, fit } = input;
  const worst = fit
    ? Object.entries(markerRmsByName(fit.model, fit.ik, fit.markers, fit.weights))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([marker, rms]) => ({ marker, rms_mm: round(rms) }))
    : [];
  const rms = fit ? ikMarkerRmsMm(fit.ik) : null;
  const finite = (v: number) => Number.isFinite(v);
  return {
    ik_marker_rms_mm: rms === null ? null : round(rms),
    ik_marker_worst: worst,
    coordinates_at_limit: fit ? coordinatesAtLimit(fit.model, fit.ik) : [],
    reprojection: finite(kp.triangulation.meanReprojectionPx)
      ? {
          mean_px: round(kp.triangulation.meanReprojectionPx, 2),
          per_camera: kp.cameras.flatMap((c, j) =>
            finite(kp.reprojection.perCameraPx[j])
              ? [{ ...cameras[c], mean_px: round(kp.reprojection.perCameraPx[j], 2) }]
              : [],
          ),
          per_keypoint: kp.keypoints.names.flatMap((name) => {
            const k = kp.reprojection.names.indexOf(name);
            const v = k >= 0 ? kp.reprojection.perKeypointPx[k] : NaN;
            return finite(v) ? [{ keypoint: name, mean_px: round(v, 2) }] : [];
          }),
        }
      : null,
    cameras_left_out: camerasLeftOut(kp, cameras),
    segment_lengths_mm: segmentLengthsMm(kp),
  };
}
