import { cameraCenter } from '../../camera/camera-model';
import type { BoardPlacement, BoardSpec } from '../types';
import type { CameraView } from './camera-views';
import { disagreeingCameras, distanceTo, pairAgreements, type PlacedCamera } from './checks';
import { issues } from './issues';
import type { Placed } from './place';
import type { RigWindow, StillSegment } from './still';

/** Two cameras closer than this give no depth: refuse them. */
const MIN_BASELINE_M = 0.2;
const MIN_BOARD_DISTANCE_M = 0.25;
const MAX_BOARD_DISTANCE_M = 15;
const MIN_HEIGHT_ABOVE_FLOOR_M = 0.1;

/**
 * Plausible geometry of the placed cameras (kept cameras are not judged): distance to the board (a wrong
 * square size scales every distance), height above the floor for a board lying on it, and distance between
 * cameras. Refused cameras get their issue and leave `placed`.
 */
export function checkPlausible(placed: Map<number, Placed>, placement: BoardPlacement): void {
  for (const [i, p] of [...placed]) {
    if (p.view.input.anchor) continue;
    const C = cameraCenter(p.model.extrinsics);
    const d = distanceTo(C, p.boardCentre);
    const number = p.view.number;
    const r = p.view.result;
    if (d > MAX_BOARD_DISTANCE_M) r.issues.push(issues.cameraTooFar(number, d));
    else if (d < MIN_BOARD_DISTANCE_M) r.issues.push(issues.cameraTooCloseToBoard(number, d));
    else if (placement === 'Lying' && C[1] < MIN_HEIGHT_ABOVE_FLOOR_M)
      r.issues.push(issues.cameraBelowFloor(number, C[1]));
    if (r.issues.length) placed.delete(i);
  }
  const list = [...placed.entries()];
  const refused = new Set<number>();
  for (let a = 0; a < list.length; a++)
    for (let b = a + 1; b < list.length; b++) {
      const [ia, pa] = list[a];
      const [ib, pb] = list[b];
      const gap = distanceTo(cameraCenter(pa.model.extrinsics), cameraCenter(pb.model.extrinsics));
      if (gap >= MIN_BASELINE_M) continue;
      for (const [i, p] of [
        [ia, pa],
        [ib, pb],
      ] as const) {
        if (p.view.input.anchor) continue;
        p.view.result.issues.push(issues.camerasTooClose(pa.view.number, pb.view.number, gap));
        refused.add(i);
      }
    }
  for (const i of refused) placed.delete(i);
}

/**
 * Agreement between the placed cameras wherever two of them saw the board still at the same time, other than
 * the extrinsics moment (needs the frames' times). Records each camera's worst disagreement as its figure and
 * refuses the cameras that disagree (kept cameras are never refused).
 */
export function checkAgreement(
  views: CameraView[],
  placed: Map<number, Placed>,
  segments: StillSegment[][],
  window: RigWindow,
  board: BoardSpec,
): void {
  const cams: PlacedCamera[] = [...placed.entries()].map(([i, p]) => ({
    index: i,
    model: p.model,
    segments: segments[i],
    ambiguous: segments[i].some((s) => s.ambiguous),
  }));
  const pairs = pairAgreements(cams, window, board);
  for (const pair of pairs)
    for (const i of [pair.a, pair.b]) {
      const r = views[i].result;
      if (r.agreementM === undefined || pair.metres > r.agreementM) {
        r.agreementM = pair.metres;
        r.agreementPx = pair.px;
      }
    }
  const keep = new Set([...placed.keys()].filter((i) => views[i].input.anchor));
  for (const [i, pair] of disagreeingCameras(pairs, keep)) {
    const other = pair.a === i ? pair.b : pair.a;
    views[i].result.issues.push(issues.camerasDisagree(views[i].number, views[other].number, pair.metres));
    placed.delete(i);
  }
}
