import { describe, expect, it } from 'vitest';
import { cameraCenter, type Mat3, type Vec3 } from '../../camera/camera-model';
import { detectCheckerboard } from '../detect/checkerboard';
import { mat3Mul } from '../math/mat3';
import { calibrateRig, type RigResult } from '../rig';
import { renderBoard } from '../synthetic/render-board';
import { lookAt, rollCamera } from '../synthetic/scene';
import {
  boardCentreWorld,
  cameraAt,
  distance,
  film,
  FLAT,
  PHONE,
  ring,
  UPRIGHT,
  type BoardAt,
  type Shot,
} from './rig-fixtures';

/*
 * Synthetic calibration recordings on the phones' shared clock: 12 frames over 4 s per camera (the worker
 * samples 24), 540 × 960, blur, noise, uneven light, clutter. A 120 mm board at 3 m.
 */
const board = { rows: 4, cols: 7, squareSize: 0.12 };
const rotY = (deg: number): Mat3 => {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)];
};
/** The board where the calibration's world is (corner 0 at the origin), and moved a little later. */
const first: BoardAt = { R: UPRIGHT, origin: [0, 0, 0] };
const moved: BoardAt = { R: mat3Mul(rotY(15), UPRIGHT), origin: [0.1, 0.15, 0.2] };
const centre = boardCentreWorld(first, board);
const eyes = ring(centre, 3.05, 0.3, [-40, 10, 45]);
const cams = eyes.map((e) => cameraAt(e, centre));
/** Still at `first` for 2.2 s, out of view while carried, still at `moved` from 2.6 s. */
const stillThenMoved: Shot[] = [
  { from: 0, to: 2.2, board: first },
  { from: 2.6, to: 99, board: moved },
];

let good: RigResult | null = null;
/** The good rig's calibration (shared by the tests that need one). */
const goodRig = (): RigResult =>
  (good ??= calibrateRig(
    cams.map((c, i) => film(`cam${i + 1}`, c, stillThenMoved, board, { seed: i + 1 })),
    board,
    { placement: 'Perpendicular' },
  ));

describe('calibrateRig: cameras must see the board at the same time and agree', () => {
  it('a good rig: every camera calibrated, with its figures, and the cameras agree where the board was moved', () => {
    const res = goodRig();
    expect(res.ok).toBe(true);
    expect(res.message).toBe('3 devices calibrated successfully.');
    expect(res.timing).toBe('checked');
    expect(res.issues).toEqual([]);
    expect(res.placement.agrees).toBe(true);
    expect(res.placement.boardTiltDeg).toBeGreaterThan(80);
    res.perCamera.forEach((r, i) => {
      expect(r.ok, r.message).toBe(true);
      expect(r.issues).toEqual([]);
      // Height above the board's first corner, distance to the board's centre: as built, within 1 cm.
      expect(Math.abs(r.heightM! - eyes[i][1])).toBeLessThan(0.01);
      expect(Math.abs(r.distanceToBoardM! - distance(eyes[i], centre))).toBeLessThan(0.01);
      expect(r.extrinsicsRmsPx).toBeLessThan(0.3);
      // The moved board, placed by each camera: within 2 cm of where the others place it.
      expect(r.agreementM).toBeLessThan(0.02);
      expect(r.agreementPx).toBeLessThan(2);
      expect(r.boardWindowSec![0]).toBeCloseTo(0, 5);
      expect(r.boardWindowSec![1]).toBeGreaterThanOrEqual(1.9);
      expect(distance(cameraCenter(res.cameras[i].extrinsics), eyes[i])).toBeLessThan(0.01);
    });
  });

  it('refuses a camera that saw the board seconds after the others, with the reason', () => {
    const early: Shot[] = [{ from: 0, to: 1.2, board: first }];
    const late: Shot[] = [{ from: 3.3, to: 99, board: first }];
    const res = calibrateRig(
      [
        film('cam1', cams[0], early, board, { seed: 1 }),
        film('cam2', cams[1], early, board, { seed: 2 }),
        film('cam3', cams[2], late, board, { seed: 3 }),
      ],
      board,
    );
    expect(res.perCamera.map((r) => r.ok)).toEqual([true, true, false]);
    expect(res.perCamera[2].issues).toEqual([
      {
        code: 'board_seen_apart',
        params: { camera: 3, seconds: 2.3, when: 'after', others: '1, 2' },
        message: 'camera 3 saw the board 2.3 s after the others: keep the board still while calibrating',
      },
    ]);
    // The two cameras that saw it together are calibrated, and only they count.
    expect(res.message).toBe('2 devices calibrated successfully.');

    // Two cameras that never saw the board together: no calibration at all.
    const two = calibrateRig(
      [film('cam1', cams[0], early, board, { seed: 1 }), film('cam2', cams[1], late, board, { seed: 2 })],
      board,
    );
    expect(two.ok).toBe(false);
    expect(two.perCamera[1].message).toBe(
      'camera 2 saw the board 2.3 s after camera 1: keep the board still while calibrating',
    );
    expect(two.issues.map((i) => i.code)).toEqual(['too_few_cameras']);
    expect(two.message).toBe(
      'only 1 camera was calibrated: at least 2 cameras must see the whole board at the same time',
    );
  });

  it('refuses cameras that disagree on where the board was (views not of the same board at the same time)', () => {
    // Camera 2 sees "the moved board" 30 cm away from where camera 1 sees it: like photos taken separately.
    const elsewhere: BoardAt = {
      ...moved,
      origin: [moved.origin[0], moved.origin[1], moved.origin[2] + 0.3],
    };
    const res = calibrateRig(
      [
        film('cam1', cams[0], stillThenMoved, board, { seed: 1 }),
        film('cam2', cams[1], [stillThenMoved[0], { ...stillThenMoved[1], board: elsewhere }], board, {
          seed: 2,
        }),
      ],
      board,
    );
    expect(res.ok).toBe(false);
    for (const r of res.perCamera) {
      expect(r.ok).toBe(false);
      expect(r.issues[0].code).toBe('cameras_disagree');
      expect(r.issues[0].params.cm).toBeGreaterThanOrEqual(25);
      expect(r.issues[0].params.cm).toBeLessThanOrEqual(35);
      expect(r.message).toMatch(/^cameras 1 and 2 disagree on the board's position by \d+ cm$/);
    }
  });

  it('refuses a camera that never saw the board still', () => {
    // The board is carried through camera 2's view: a different place in every frame.
    const carried: Shot[] = Array.from({ length: 12 }, (_, k) => ({
      from: k / 3,
      to: (k + 1) / 3,
      board: { R: UPRIGHT, origin: [0, 0.02 * k, -0.04 * k] as Vec3 },
    }));
    const res = calibrateRig(
      [
        film('cam1', cams[0], stillThenMoved, board, { seed: 1 }),
        film('cam2', cams[1], carried, board, { seed: 2 }),
      ],
      board,
    );
    expect(res.perCamera[1].issues[0]).toMatchObject({
      code: 'board_never_still',
      message: 'camera 2 never saw the board still: keep the board still while calibrating',
    });
  });
});

describe('calibrateRig: the board entered must be the board seen', () => {
  it('refuses a 4 × 7 board declared 4 × 5 in every camera', () => {
    const declared = { rows: 4, cols: 5, squareSize: 0.12 };
    const res = calibrateRig(
      cams
        .slice(0, 2)
        .map((c, i) => film(`cam${i + 1}`, c, stillThenMoved, board, { seed: i + 1, frames: 4 })),
      declared,
    );
    expect(res.ok).toBe(false);
    for (const [i, r] of res.perCamera.entries())
      expect(r.issues).toEqual([
        {
          code: 'wrong_board_size',
          params: { camera: i + 1, rows: 4, cols: 5 },
          message: 'wrong board size: found a bigger board than 4 × 5 — check rows and columns',
        },
      ]);
  });

  it('the detector refuses a 4 × 5 piece of a 4 × 7 board running out of the image', () => {
    // The board's left columns leave the frame; the grid found first is 4 × 5 (accepted before the check).
    const pose = rollCamera(lookAt([0.26, 0.09, -0.62], [0.26, 0.09, 0], [0, -1, 0]), 0.2);
    const img = renderBoard({
      intrinsics: PHONE,
      pose,
      board: { rows: 4, cols: 7, squareSize: 0.06 },
      blurSigma: 1,
      noiseSigma: 2,
      supersample: 1,
      seed: 3,
    }).image;
    expect(detectCheckerboard(img, 4, 5)).toEqual({
      found: false,
      reason: 'wrong-size',
      message: 'wrong board size: found a bigger board than 4 × 5 — check rows and columns',
    });
  });

  it('checks the placement chosen against the board: upright board declared Lying, flat board declared Perpendicular', () => {
    const upright = calibrateRig(
      cams
        .slice(0, 2)
        .map((c, i) => film(`cam${i + 1}`, c, [stillThenMoved[0]], board, { seed: i + 1, frames: 4 })),
      board,
      { placement: 'Lying' },
    );
    expect(upright.ok).toBe(false);
    expect(upright.issues[0].code).toBe('placement_mismatch');
    expect(upright.issues[0].message).toMatch(
      /^the board stands upright \(its face is \d+° from vertical\) but Lying was chosen: choose Perpendicular, or lay the board flat on the floor$/,
    );

    const flat: BoardAt = { R: FLAT, origin: [0, 0, 0] };
    const floorCentre = boardCentreWorld(flat, board);
    const floorCams = ring(floorCentre, 3.05, 1.4, [200, 250, 300]).map((e) => cameraAt(e, floorCentre));
    const shots: Shot[] = [{ from: 0, to: 99, board: flat }];
    const lying = calibrateRig(
      floorCams.map((c, i) => film(`cam${i + 1}`, c, shots, board, { seed: i + 1, frames: 4 })),
      board,
      { placement: 'Perpendicular' },
    );
    expect(lying.ok).toBe(false);
    expect(lying.issues[0]).toMatchObject({
      code: 'placement_mismatch',
      params: { chosen: 'Perpendicular' },
    });
    expect(lying.issues[0].message).toMatch(/^the board lies flat \(its face is \d+° from horizontal\)/);
    const right = calibrateRig(
      floorCams.map((c, i) => film(`cam${i + 1}`, c, shots, board, { seed: i + 1, frames: 4 })),
      board,
      { placement: 'Lying' },
    );
    expect(right.ok).toBe(true);
    expect(right.placement.boardTiltDeg).toBeLessThan(10);
    // Lying: heights above the floor.
    right.perCamera.forEach((r) => expect(Math.abs(r.heightM! - 1.4)).toBeLessThan(0.01));
  });

  it('refuses two phones at the same place', () => {
    const twin = cameraAt([eyes[0][0], eyes[0][1], eyes[0][2] + 0.05], centre);
    const res = calibrateRig(
      [
        film('cam1', cams[0], [stillThenMoved[0]], board, { seed: 1, frames: 4 }),
        film('cam2', twin, [stillThenMoved[0]], board, { seed: 2, frames: 4 }),
      ],
      board,
    );
    expect(res.perCamera.map((r) => r.issues[0]?.code)).toEqual(['cameras_too_close', 'cameras_too_close']);
    expect(res.perCamera[0].message).toBe(
      'cameras 1 and 2 are only 5 cm apart: place the phones at least 1 m apart',
    );
  });
});

describe('calibrateRig: re-recording one camera through the cameras kept', () => {
  it('places a moved camera in the earlier world through a kept camera that saw the board with it', () => {
    const before = goodRig();
    expect(before.ok).toBe(true);
    // Camera 3 was moved; the board now stands elsewhere, seen by cameras 2 and 3 only.
    const eye3: Vec3 = [eyes[2][0] - 0.4, eyes[2][1] + 0.2, eyes[2][2] + 0.3];
    const elsewhere: BoardAt = { R: mat3Mul(rotY(-30), UPRIGHT), origin: [0.15, 0.05, 0.15] };
    const there = boardCentreWorld(elsewhere, board);
    const shots: Shot[] = [{ from: 0, to: 99, board: elsewhere }];
    const res = calibrateRig(
      [
        { ...film('cam1', cams[0], [], board, { seed: 1, frames: 4 }), anchor: before.cameras[0] },
        { ...film('cam2', cams[1], shots, board, { seed: 2, frames: 4 }), anchor: before.cameras[1] },
        film('cam3', cameraAt(eye3, there), shots, board, { seed: 3, frames: 4 }),
      ],
      board,
    );
    expect(
      res.ok,
      JSON.stringify([res.issues, res.perCamera.map((r) => [r.message, r.framesWithBoard])]),
    ).toBe(true);
    expect(res.message).toBe('3 devices calibrated successfully.');
    expect(res.perCamera.map((r) => [r.ok, r.kept ?? false])).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
    expect(res.cameras[0]).toBe(before.cameras[0]);
    expect(distance(cameraCenter(res.cameras[2].extrinsics), eye3)).toBeLessThan(0.02);
  });
});
