import { describe, expect, it } from 'vitest';
import { cameraCenter, type CameraIntrinsics, type Mat3, type Vec3 } from '../../camera/camera-model';
import { detectCheckerboard } from '../detect/checkerboard';
import { calibrateRig } from '../rig';
import { calibrateIntrinsics } from '../solve/intrinsics';
import { projectWith } from '../solve/planar-pose';
import type { BoardPlacement, GrayImage } from '../types';
import { renderBoard, rng } from './render-board';
import { lookAt, rollCamera } from './scene';

const intr: CameraIntrinsics = {
  width: 540,
  height: 960,
  fx: 842,
  fy: 840,
  cx: 272.5,
  cy: 483.2,
  dist: [-0.06, 0.14, 0.0008, -0.0006, 0],
};
const board = { rows: 4, cols: 7, squareSize: 0.06 };
/**
 * The 3 m rig tests use a 120 mm board at 540x960: the same pixel geometry as a 60 mm board filmed at
 * 1080x1920 (squares of ~25 px), at a quarter of the rendering cost.
 */
const rigBoard = { rows: 4, cols: 7, squareSize: 0.12 };
const rigCentre: Vec3 = [0.36, 0.18, 0];
const boardCentre: Vec3 = [0.18, 0.09, 0];
const hard = { blurSigma: 1.2, noiseSigma: 3, lightGradient: 0.5, supersample: 1 };

describe('checkerboard detection on synthetic renders', () => {
  it('finds corners with sub-pixel accuracy (RMS ≤ 0.1 px) and the documented order in any in-plane rotation', () => {
    const cases: { eye: Vec3; roll: number }[] = [
      { eye: [0.18, 0.09, -0.9], roll: 0 },
      { eye: [0.7, 0.3, -1.1], roll: 0.4 },
      { eye: [-0.4, -0.3, -1.2], roll: Math.PI },
      { eye: [0.1, 0.7, -1.3], roll: -1.3 },
      { eye: [0.8, -0.5, -1.6], roll: 2.2 },
    ];
    let se = 0;
    let n = 0;
    cases.forEach((c, i) => {
      const pose = rollCamera(lookAt(c.eye, boardCentre, [0, -1, 0]), c.roll);
      // Hands holding the board by its sides: dark blobs over the margin and the outer part of the border squares.
      const occluders: [number, number, number, number][] = [];
      if (i % 2 === 1)
        for (const X of [
          [-1.05 * board.squareSize, 1.5 * board.squareSize, 0],
          [(board.cols + 0.05) * board.squareSize, 1.5 * board.squareSize, 0],
        ] as Vec3[]) {
          const [u, v] = projectWith(intr, pose.R, pose.t, X);
          occluders.push([u, v, 12, 18]);
        }
      const r = renderBoard({ intrinsics: intr, pose, board, ...hard, seed: 10 + i, occluders });
      const d = detectCheckerboard(r.image, board.rows, board.cols);
      expect(d.found, `case ${i}`).toBe(true);
      if (!d.found) return;
      expect(d.ambiguousOrientation).toBe(false);
      d.corners.forEach((p, k) => {
        const e2 = (p[0] - r.corners[k][0]) ** 2 + (p[1] - r.corners[k][1]) ** 2;
        // Each corner is in the renderer's order (corner 0 next to the dark outer square, z into the board).
        expect(Math.sqrt(e2)).toBeLessThan(0.5);
        se += e2;
        n++;
      });
    });
    expect(Math.sqrt(se / n)).toBeLessThanOrEqual(0.1);
  });

  it('recovers intrinsics from several views (Zhang + LM)', () => {
    const eyes: Vec3[] = [
      [0.6, 0.4, -0.8],
      [-0.3, 0.5, -0.9],
      [0.2, -0.5, -0.8],
      [0.9, 0.1, -0.9],
      [-0.4, -0.2, -0.7],
      [0.18, 0.09, -1.0],
    ];
    const views = eyes.map((eye, i) => {
      const r = renderBoard({
        intrinsics: intr,
        pose: rollCamera(lookAt(eye, boardCentre, [0, -1, 0]), 0.3 * i - 0.6),
        board,
        ...hard,
        seed: 30 + i,
      });
      const d = detectCheckerboard(r.image, board.rows, board.cols);
      if (!d.found) throw new Error(`view ${i}: ${d.message}`);
      return { corners: d.corners };
    });
    const res = calibrateIntrinsics(views, board, intr);
    expect(res.rmsPx).toBeLessThan(0.15);
    expect(Math.abs(res.intrinsics.fx / intr.fx - 1)).toBeLessThan(0.01);
    expect(Math.abs(res.intrinsics.fy / intr.fy - 1)).toBeLessThan(0.01);
  });
});

const STILL_FRAMES = 4;

function noisyFrames(img: GrayImage, count: number, sigma: number, seed: number): GrayImage[] {
  const rand = rng(seed);
  return Array.from({ length: count }, () => {
    const data = new Uint8Array(img.data.length);
    for (let k = 0; k < data.length; k++) {
      // Sum of three uniforms: close enough to Gaussian noise of the same sigma, and cheap.
      const v = img.data[k] + sigma * 2 * (rand() + rand() + rand() - 1.5);
      data[k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
    return { width: img.width, height: img.height, data };
  });
}

/** Board axes (x_b, y_b, z_b) in world coordinates as columns; corner 0 at the world origin. */
function boardToWorld(xb: Vec3, yb: Vec3, zb: Vec3): Mat3 {
  return [xb[0], yb[0], zb[0], xb[1], yb[1], zb[1], xb[2], yb[2], zb[2]];
}

function rigCase(placement: BoardPlacement, B: Mat3, eyes: Vec3[]) {
  const centreW: Vec3 = [
    B[0] * rigCentre[0] + B[1] * rigCentre[1],
    B[3] * rigCentre[0] + B[4] * rigCentre[1],
    B[6] * rigCentre[0] + B[7] * rigCentre[1],
  ];
  const truth = eyes.map((eye) => lookAt(eye, centreW, [0, 1, 0]));
  const inputs = truth.map((cw, i) => {
    // board → camera = (world → camera)·(board → world)
    const R = cw.R;
    const Rcb = [0, 1, 2].flatMap((r) =>
      [0, 1, 2].map((c) => R[r * 3] * B[c] + R[r * 3 + 1] * B[3 + c] + R[r * 3 + 2] * B[6 + c]),
    ) as Mat3;
    const still = renderBoard({
      intrinsics: intr,
      pose: { R: Rcb, t: cw.t },
      board: rigBoard,
      ...hard,
      noiseSigma: 0,
      supersample: 1,
      seed: 50 + i,
    }).image;
    // A still board filmed for a moment: the same view with fresh sensor noise in each frame.
    return {
      name: `cam${i + 1}`,
      frames: noisyFrames(still, STILL_FRAMES, hard.noiseSigma, 70 + i),
      profile: intr,
    };
  });
  const res = calibrateRig(inputs, rigBoard, { placement });
  expect(res.message).toBe(`${eyes.length} devices calibrated successfully.`);
  res.cameras.forEach((cam, i) => {
    const c = cameraCenter(cam.extrinsics);
    const err = Math.hypot(c[0] - eyes[i][0], c[1] - eyes[i][1], c[2] - eyes[i][2]);
    expect(
      Math.hypot(eyes[i][0] - centreW[0], eyes[i][1] - centreW[1], eyes[i][2] - centreW[2]),
    ).toBeGreaterThan(2.9);
    expect(err, `${placement} cam${i + 1} position error (m)`).toBeLessThanOrEqual(0.005);
    // Same world axes as the scene: rotations agree to a small fraction of a degree.
    const R = cam.extrinsics.R;
    const T = truth[i].R;
    const trace =
      R[0] * T[0] +
      R[1] * T[1] +
      R[2] * T[2] +
      R[3] * T[3] +
      R[4] * T[4] +
      R[5] * T[5] +
      R[6] * T[6] +
      R[7] * T[7] +
      R[8] * T[8];
    expect(Math.acos(Math.min(1, (trace - 1) / 2))).toBeLessThan(0.2 * (Math.PI / 180));
  });
  return res;
}

/*
 * Cameras look at the board 25–50° off its normal, as in a usual two-or-more camera setup. A camera facing a
 * small board squarely is the worst case for planar PnP: its tilt is read from tiny perspective differences,
 * and 0.03 px of corner error moves such a camera by ~8 mm at 3 m (see README "Calibration").
 */
describe('calibrateRig on synthetic 3-camera rigs at 3 m (4 still frames, camera profile known)', () => {
  const ring = (centre: Vec3, dist: number, height: number, degs: number[]): Vec3[] =>
    degs.map((d) => {
      const a = (d * Math.PI) / 180;
      const h = Math.sqrt(dist * dist - height * height);
      return [centre[0] + h * Math.cos(a), centre[1] + height, centre[2] + h * Math.sin(a)];
    });

  it('Perpendicular, board upright: origin at corner 0, X towards the cameras, Y up', () => {
    // Board seen head-on with corner 0 top-left: x_b = −Z, y_b = −Y (down), z_b = −X (into the board).
    const B = boardToWorld([0, 0, -1], [0, -1, 0], [-1, 0, 0]);
    rigCase('Perpendicular', B, ring([0, -0.18, -0.36], 3.05, 0.3, [-40, 25, 50]));
  });

  it('Perpendicular, board upside down: the same documented rules give the same kind of frame', () => {
    // Half turn in the board plane: corner 0 is now bottom-right as seen from the front, y_b points up.
    const B = boardToWorld([0, 0, 1], [0, 1, 0], [-1, 0, 0]);
    rigCase('Perpendicular', B, ring([0, 0.18, 0.36], 3.05, 0.2, [-30, 10, 40]));
  });

  it('Lying on the floor: X = board x, Y up out of the floor, Z = board y', () => {
    const B = boardToWorld([1, 0, 0], [0, 0, 1], [0, -1, 0]);
    rigCase('Lying', B, ring([0.36, 0, 0.18], 3.05, 1.3, [200, 250, 300]));
  });
});

describe('calibrateRig failure reasons', () => {
  it('reports board not found with the number of frames searched', () => {
    const blank = renderBoard({
      intrinsics: intr,
      pose: lookAt([0.18, 0.09, 1], boardCentre, [0, -1, 0]),
      board,
      supersample: 1,
    }).image;
    const res = calibrateRig([{ name: 'c1', frames: [blank, blank, blank], profile: intr }], board);
    expect(res.calibratedCount).toBe(0);
    expect(res.perCamera[0]).toMatchObject({
      ok: false,
      reason: 'board_not_found',
      framesSearched: 3,
      framesWithBoard: 0,
    });
    expect(res.perCamera[0].message).toBe(
      'camera 1 did not see the whole board in any of the 3 frames searched: make sure every camera sees the whole board',
    );
    expect(res.ok).toBe(false);
    expect(res.message).toBe(
      'no camera was calibrated: at least 2 cameras must see the whole board at the same time',
    );
  });

  it('reports a board that is too small, and a board bigger than the given rows × cols', () => {
    const far = renderBoard({
      intrinsics: intr,
      pose: lookAt([0.5, 0.3, -6], boardCentre, [0, -1, 0]),
      board,
      supersample: 1,
      clutter: false,
    }).image;
    const small = detectCheckerboard(far, board.rows, board.cols, { minSquarePx: 12 });
    expect(small).toMatchObject({ found: false, reason: 'too-small' });
    const near = renderBoard({
      intrinsics: intr,
      pose: lookAt([0.5, 0.3, -1.2], boardCentre, [0, -1, 0]),
      board,
      supersample: 1,
    }).image;
    expect(detectCheckerboard(near, 3, 5)).toMatchObject({ found: false, reason: 'wrong-size' });
  });

  it('flags a camera whose view of the board disagrees with the others (phone on its side)', () => {
    const views = [
      lookAt([0.7, 0.3, -1.5], boardCentre, [0, -1, 0]),
      lookAt([-0.4, 0.2, -1.6], boardCentre, [0, -1, 0]),
      rollCamera(lookAt([0.2, -0.5, -1.5], boardCentre, [0, -1, 0]), Math.PI / 2),
    ];
    const inputs = views.map((pose, i) => ({
      name: `c${i + 1}`,
      frames: [renderBoard({ intrinsics: intr, pose, board, supersample: 1, seed: i }).image],
      profile: intr,
    }));
    const res = calibrateRig(inputs, board);
    expect(res.perCamera.map((p) => p.ok)).toEqual([true, true, false]);
    expect(res.perCamera[2].reason).toBe('camera_turned');
    expect(res.perCamera[2].message).toMatch(
      /^camera 3 sees the board turned by (8|9)\d° compared with the other cameras/,
    );
    expect(res.message).toBe('2 devices calibrated successfully.');
  });

  it('reports too few views when there is no profile and one frontal view cannot give a focal length', () => {
    const img = renderBoard({
      intrinsics: { ...intr, dist: [0, 0, 0, 0, 0] },
      pose: lookAt([0.18, 0.09, -0.8], boardCentre, [0, -1, 0]),
      board,
      supersample: 2,
    }).image;
    const res = calibrateRig([{ name: 'c1', frames: [img] }], board);
    expect(res.perCamera[0].reason).toBe('too_few_views');
  });
});

describe('calibrateRig intrinsics sources', () => {
  it('uses several board views when there is no profile, else estimates the focal length from the recording', () => {
    const tilted = lookAt([0.7, 0.45, -1.1], boardCentre, [0, -1, 0]);
    const moved = [
      [0.6, 0.4, -0.8],
      [-0.3, 0.5, -0.9],
      [0.2, -0.5, -0.8],
      [0.9, 0.1, -0.9],
      [-0.4, -0.2, -0.7],
    ].map(
      (eye, i) =>
        renderBoard({
          intrinsics: intr,
          pose: rollCamera(lookAt(eye as Vec3, boardCentre, [0, -1, 0]), 0.3 * i - 0.6),
          board,
          supersample: 1,
          seed: 90 + i,
        }).image,
    );
    const frame = renderBoard({ intrinsics: intr, pose: tilted, board, supersample: 1, seed: 99 }).image;
    // The second camera stands 40 cm to the side of the first (two phones at one place are refused).
    const beside = renderBoard({
      intrinsics: intr,
      pose: lookAt([0.3, 0.45, -1.2], boardCentre, [0, -1, 0]),
      board,
      supersample: 1,
      seed: 98,
    }).image;
    const res = calibrateRig(
      [
        { name: 'views', frames: [frame], intrinsicFrames: moved },
        { name: 'estimated', frames: [beside] },
      ],
      board,
    );
    const [views, est] = res.perCamera;
    expect(views).toMatchObject({ ok: true, intrinsicsSource: 'board-views' });
    expect(views.intrinsicsRmsPx).toBeLessThan(0.2);
    expect(Math.abs(res.cameras[0].intrinsics.fx / intr.fx - 1)).toBeLessThan(0.01);
    expect(est).toMatchObject({ ok: true, intrinsicsSource: 'estimated' });
    const e = res.cameras[1].intrinsics;
    expect(e.estimated).toBe(true);
    expect(e.cx).toBe((intr.width - 1) / 2);
    // One tilted view and an uncorrected lens: the focal length is only roughly right.
    expect(Math.abs(e.fx / intr.fx - 1)).toBeLessThan(0.1);
  });
});
