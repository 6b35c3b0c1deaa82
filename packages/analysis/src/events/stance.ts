import type { FeetSignals } from './contacts';

/** Which feet rest on the floor: both, only the right or left, or none (a hop, a fall, a jump). */
export type StanceKind = 'double' | 'r' | 'l' | 'none';

/** A run of frames (inclusive) with the same feet on the floor. */
export interface StancePhase {
  kind: StanceKind;
  start: number;
  end: number;
}

/** A foot higher than this share of leg length above its floor is lifted (about 4.5 cm for an adult). */
export const LIFTED = 0.05;
/** Shorter changes of stance are flicker of the feet's heights, merged into their neighbours (s). */
const MIN_PHASE = 0.1;

/**
 * The trial cut into stance phases from the feet's heights (events/contacts.ts): each frame's kind from which
 * feet are lower than LIFTED of leg length, runs shorter than MIN_PHASE merged into the preceding run.
 */
export function stancePhases(feet: FeetSignals, legLength: number, dt: number): StancePhase[] {
  const n = feet.height.r.length;
  const lifted = LIFTED * legLength;
  const kindAt = (i: number): StanceKind => {
    const r = feet.height.r[i] <= lifted;
    const l = feet.height.l[i] <= lifted;
    return r && l ? 'double' : r ? 'r' : l ? 'l' : 'none';
  };
  const raw: StancePhase[] = [];
  for (let i = 0; i < n; i++) {
    const kind = kindAt(i);
    const prev = raw[raw.length - 1];
    if (prev && prev.kind === kind) prev.end = i;
    else raw.push({ kind, start: i, end: i });
  }
  const minFrames = Math.max(1, Math.round(MIN_PHASE / dt));
  const merged: StancePhase[] = [];
  for (const p of raw) {
    const prev = merged[merged.length - 1];
    if (prev && (p.end - p.start + 1 < minFrames || prev.kind === p.kind)) prev.end = p.end;
    else merged.push({ ...p });
  }
  // A short first run (before any neighbour) joins the next.
  if (merged.length > 1 && merged[0].end - merged[0].start + 1 < minFrames) {
    merged[1].start = 0;
    merged.shift();
  }
  return merged;
}
