import type { Model } from '@poselab/biomech/browser';
import { Vector3 } from 'three';
import { bodyMatrix } from './pose';
import type { Vec3 } from './projection';
import type { VisualizerTransforms } from './transforms';

/**
 * What the video overlay draws of a model: its bones (a line from each joint to the next down the tree, the
 * joint centre being the child body's origin) and its markers (fixed points of the bodies). Posed per frame
 * from the visualizer transforms the 3D view plays, so the overlay shows exactly the skeleton of the 3D view.
 */
export interface OverlaySkeleton {
  /** [parent body, child body] for each joint below the root. */
  bones: [string, string][];
  markers: { name: string; body: string; local: Vec3 }[];
}

export function overlaySkeleton(model: Model, transforms: VisualizerTransforms): OverlaySkeleton {
  const has = (b: string) => transforms.bodies[b] !== undefined;
  return {
    bones: model.joints
      .filter((j) => has(j.parentBody) && has(j.childBody))
      .map((j) => [j.parentBody, j.childBody]),
    markers: model.markers
      .filter((m) => has(m.body))
      .map((m) => ({ name: m.name, body: m.body, local: [...m.location] as Vec3 })),
  };
}

/** The sample of the transforms nearest to time `t` (results time: 0 is the first frame of every synced video). */
export function nearestFrame(time: number[], t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  if (t <= time[0]) return 0;
  if (t >= time[hi]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (time[mid] <= t) lo = mid;
    else hi = mid;
  }
  return t - time[lo] <= time[hi] - t ? lo : hi;
}

/** A paused video's presented frame this far from its playback position was shown before a seek. */
const STALE_PRESENTED_S = 0.1;

/**
 * What a reported video frame should draw: the frame's media time, or, for a paused video whose report is of
 * a frame from before a seek (a loaded machine can report it after 'seeked'), the playback position. A paused
 * video reports no later frame, so drawing the stale one would leave the overlay on the wrong pose.
 */
export function overlayTimeOfFrame(
  mediaTime: number,
  video: { paused: boolean; seeking: boolean; currentTime: number },
): { t: number; kind: 'presented' | 'position' } {
  if (video.paused && !video.seeking && Math.abs(mediaTime - video.currentTime) > STALE_PRESENTED_S)
    return { t: video.currentTime, kind: 'position' };
  return { t: mediaTime, kind: 'presented' };
}

export interface PosedSkeleton {
  /** Each bone's end points in the world. */
  bones: [Vec3, Vec3][];
  markers: Vec3[];
}

/** The skeleton's bones and markers in the world at one frame of the transforms. */
export function poseSkeleton(s: OverlaySkeleton, t: VisualizerTransforms, frame: number): PosedSkeleton {
  const origin = (b: string): Vec3 => t.bodies[b].translation[frame] as Vec3;
  const matrices = new Map<string, ReturnType<typeof bodyMatrix>>();
  const p = new Vector3();
  return {
    bones: s.bones.map(([a, b]) => [origin(a), origin(b)]),
    markers: s.markers.map((m) => {
      let M = matrices.get(m.body);
      if (!M) matrices.set(m.body, (M = bodyMatrix(t.bodies[m.body], frame)));
      p.set(...m.local).applyMatrix4(M);
      return [p.x, p.y, p.z];
    }),
  };
}
