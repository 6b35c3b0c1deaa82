/** SPEC §3 visualizer transforms: a time array and per-body geometry, scale factors and per-frame poses. */
export interface BodyTransforms {
  attachedGeometries: string[];
  scaleFactors: [number, number, number];
  /** One [x, y, z] per frame, metres. */
  translation: number[][];
  /** One body-fixed XYZ Euler triple per frame, radians. */
  rotation: number[][];
}

export interface VisualizerTransforms {
  time: number[];
  bodies: Record<string, BodyTransforms>;
}

function isTriple(v: unknown): v is number[] {
  return Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** Checks a visualizerTransforms-json document; bad input gets a message naming what is wrong. */
export function parseVisualizerTransforms(doc: unknown): VisualizerTransforms {
  if (!doc || typeof doc !== 'object') throw new Error('Visualizer transforms: expected a JSON object');
  const { time, bodies } = doc as { time?: unknown; bodies?: unknown };
  if (!Array.isArray(time) || time.length === 0 || !time.every((t) => typeof t === 'number')) {
    throw new Error('Visualizer transforms: "time" must be a non-empty array of numbers');
  }
  if (!bodies || typeof bodies !== 'object') throw new Error('Visualizer transforms: "bodies" is missing');
  const out: Record<string, BodyTransforms> = {};
  for (const [name, raw] of Object.entries(bodies as Record<string, unknown>)) {
    const b = raw as Partial<BodyTransforms> | null;
    if (!b || !Array.isArray(b.translation) || !Array.isArray(b.rotation)) {
      throw new Error(`Visualizer transforms: body "${name}" needs translation and rotation arrays`);
    }
    if (b.translation.length !== time.length || b.rotation.length !== time.length) {
      throw new Error(
        `Visualizer transforms: body "${name}" has ${b.translation.length} translations and ${b.rotation.length} rotations for ${time.length} times`,
      );
    }
    if (!b.translation.every(isTriple) || !b.rotation.every(isTriple)) {
      throw new Error(`Visualizer transforms: body "${name}" has a frame that is not three finite numbers`);
    }
    const scale = isTriple(b.scaleFactors) ? (b.scaleFactors as [number, number, number]) : [1, 1, 1];
    out[name] = {
      attachedGeometries: Array.isArray(b.attachedGeometries) ? b.attachedGeometries.map(String) : [],
      scaleFactors: scale as [number, number, number],
      translation: b.translation,
      rotation: b.rotation,
    };
  }
  return { time: time as number[], bodies: out };
}

/** Length of the animation in seconds, counting the last frame as lasting one sample interval. */
export function animationDuration(time: number[]): number {
  if (time.length < 2) return 0;
  const span = time[time.length - 1] - time[0];
  return span + span / (time.length - 1);
}

/**
 * The frame shown at playback time `t` (seconds from the animation's start): the last frame whose time is not
 * after t, clamped to the animation.
 */
export function frameAt(time: number[], t: number): number {
  const target = time[0] + t + 1e-9;
  if (target <= time[0]) return 0;
  let lo = 0;
  let hi = time.length - 1;
  if (target >= time[hi]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (time[mid] <= target) lo = mid;
    else hi = mid;
  }
  return lo;
}
