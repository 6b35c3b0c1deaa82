import { z } from 'zod';

/**
 * What processing tells a user about how far to trust a trial (issue #14). The worker stores both under the
 * trial's meta (`meta.quality`, `meta.warnings`) when it completes a calibration, neutral or dynamic job; the
 * web app shows 'Done with warnings' with the reasons, rendering each warning through its catalogue by `code`
 * (params fill the placeholders) and falling back to the English `message`.
 */
export const processingWarning = z.object({
  /** Stable identifier, e.g. 'camera_left_out', 'model_replaced', 'keypoints_unsteady', 'coordinate_at_limit'. */
  code: z.string().min(1).max(80),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** English text for logs, the CLI and clients without the code in their catalogue. */
  message: z.string().max(1000),
});
export type ProcessingWarning = z.infer<typeof processingWarning>;

/** Cameras are named for users as they were paired: 'Camera 1' is the first phone paired to the session. */
const cameraRef = z.object({ device_id: z.string().nullable(), camera: z.string() });

export const trialQuality = z.object({
  /** Root mean square distance between the experimental and the model's markers over all frames (mm). */
  ik_marker_rms_mm: z.number().nullable(),
  /** The markers the model fits worst, worst first (mm). */
  ik_marker_worst: z.array(z.object({ marker: z.string(), rms_mm: z.number() })),
  /** Coordinates pinned at a range limit, with the share of frames (percent) they sit there. */
  coordinates_at_limit: z.array(
    z.object({ coordinate: z.string(), limit: z.enum(['min', 'max']), frames_pct: z.number() }),
  ),
  /** Reprojection of the triangulated keypoints into the cameras that were kept (pixels). */
  reprojection: z
    .object({
      mean_px: z.number(),
      per_camera: z.array(cameraRef.extend({ mean_px: z.number() })),
      per_keypoint: z.array(z.object({ keypoint: z.string(), mean_px: z.number() })),
    })
    .nullable(),
  cameras_left_out: z.array(cameraRef.extend({ code: z.string(), reason: z.string() })),
  /** Segment lengths of the 3D keypoints (median over frames, mm), e.g. l_thigh, r_shank. */
  segment_lengths_mm: z.record(z.string(), z.number()).optional(),
});
export type TrialQuality = z.infer<typeof trialQuality>;
