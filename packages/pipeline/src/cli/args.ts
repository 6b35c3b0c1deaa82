import { DEFAULT_AUGMENTER, DEFAULT_OPENSIM_MODEL } from '@poselab/biomech';
import type { BlazePoseVariant } from '../pose/blazepose';
import { DEIDENTIFY_USAGE } from './deidentify-args';

export interface ProcessArgs {
  calibration: string;
  videos: string;
  out: string;
  neutral?: string;
  model: BlazePoseVariant;
  filter: string;
  /** Keep the plain triangulation (no limb-length refinement). */
  noLimbRefinement: boolean;
  workers: number;
  board?: string;
  placement: 'Perpendicular' | 'Lying';
  stride: number;
  /** OpenSim model id (default LaiUhlrich2022_shoulder, as the server's; PoseLab_FullBody = built-in model). */
  openSimModel: string;
  /** Marker augmenter version (default v0.3). */
  augmenter: string;
  /** The subject, for the marker augmenter: height (m) and mass (kg); SPEC §9 defaults 1.8 m, 70 kg. */
  heightM: number;
  massKg: number;
}

/** SPEC §9 subject defaults, the augmenter's inputs when the CLI is not told the subject. */
export const DEFAULT_SUBJECT = { heightM: 1.8, massKg: 70 } as const;

export const USAGE = `Usage: poselab process --calibration <file or folder> --videos <folder> --out <folder>
                        [--neutral <folder>] [--model lite|full|heavy] [--filter default|<Hz>] [--workers <n>] [--stride <n>]
                        [--no-limb-refinement]
                        [--opensim-model <id>] [--augmenter v0.3|v0.2] [--height <m>] [--mass <kg>]
                        [--board rows,cols,squareMm] [--placement Perpendicular|Lying]

  --calibration  Qualisys .qca.txt or .toml calibration file, a PoseLab trial's camera-calibration.json, a folder
                 holding a .qca.txt or .toml, or a calibration recording folder (one video/image per camera,
                 board held still; optional intrinsics/camNN_*.jpg)
  --board        checkerboard of the recording: rows,cols,squareMm counting inner corners (default 4,5,35)
  --placement    Perpendicular (default) or Lying
  --videos       folder with one video per camera (cam01.mp4 pairs with camera cam_01); a start-times.json
                 beside them ({"cam01.mp4": <ms>, ...}: each recording's start on a clock the cameras share,
                 as PoseLab's phones record it) synchronises them as the server does (also for --neutral)
  --out          output folder: trial.trc and trial-report.json; with --neutral also neutral.trc,
                 neutral-report.json, scaled-model.osim, neutral.mot, trial.mot and trial-visualizer.json;
                 with the augmenter the .trc files hold its anatomical markers beside the keypoints
  --neutral      folder with the neutral (static) trial's videos: scales the OpenSim model on it and solves
                 the trial's joint angles (the same steps and defaults as the server's worker)
  --opensim-model
                 LaiUhlrich2022_shoulder (default, as the server's), LaiUhlrich2022, PoseLab_FullBody (the
                 built-in model on the keypoints, no augmenter) or a model MODELS_DIR adds
  --augmenter    marker augmenter version (default v0.3; v0.2 only when installed in MODELS_DIR)
  --height, --mass
                 the subject's height in metres and mass in kg, the augmenter's inputs (default 1.8 and 70)
  --model        BlazePose variant (default full)
  --filter       keypoint low-pass cut-off: 'default' (12 Hz, at most half the frame rate) or Hz
  --workers      2D detection worker threads (default 2)
  --stride       run the 2D model on every n-th frame and interpolate (default 1; 2 = twice as fast)
  --no-limb-refinement
                 keep the plain triangulation: no limb-length constraint after it (see the pipeline README)

${DEIDENTIFY_USAGE}`;

/** Parses `process` arguments; throws with a message naming the problem. */
export function parseProcessArgs(argv: string[]): ProcessArgs {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`Unexpected argument '${a}'`);
    const [key, inline] = a.slice(2).split('=', 2);
    if (key === 'no-limb-refinement') {
      flags.add(key);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`Option --${key} needs a value`);
    values.set(key, value);
  }
  const known = new Set([
    'calibration',
    'videos',
    'out',
    'neutral',
    'model',
    'filter',
    'workers',
    'board',
    'placement',
    'stride',
    'opensim-model',
    'augmenter',
    'height',
    'mass',
  ]);
  for (const k of values.keys()) if (!known.has(k)) throw new Error(`Unknown option --${k}`);
  for (const k of ['calibration', 'videos', 'out']) if (!values.get(k)) throw new Error(`Missing --${k}`);
  const model = (values.get('model') ?? 'full') as BlazePoseVariant;
  if (!['lite', 'full', 'heavy'].includes(model))
    throw new Error(`--model must be lite, full or heavy (got ${model})`);
  const workers = Number(values.get('workers') ?? 2);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`--workers must be a positive integer`);
  const stride = Number(values.get('stride') ?? 1);
  if (!Number.isInteger(stride) || stride < 1 || stride > 4) throw new Error(`--stride must be 1, 2, 3 or 4`);
  const placement = values.get('placement') ?? 'Perpendicular';
  if (placement !== 'Perpendicular' && placement !== 'Lying')
    throw new Error(`--placement must be Perpendicular or Lying (got ${placement})`);
  const heightM = Number(values.get('height') ?? DEFAULT_SUBJECT.heightM);
  if (!(heightM > 0.5 && heightM < 3))
    throw new Error(`--height must be in metres, 0.5 to 3 (got ${values.get('height')})`);
  const massKg = Number(values.get('mass') ?? DEFAULT_SUBJECT.massKg);
  if (!(massKg > 1 && massKg <= 300))
    throw new Error(`--mass must be in kg, 1 to 300 (got ${values.get('mass')})`);
  return {
    openSimModel: values.get('opensim-model') ?? DEFAULT_OPENSIM_MODEL,
    augmenter: values.get('augmenter') ?? DEFAULT_AUGMENTER,
    heightM,
    massKg,
    board: values.get('board'),
    stride,
    placement,
    calibration: values.get('calibration')!,
    videos: values.get('videos')!,
    out: values.get('out')!,
    neutral: values.get('neutral'),
    model,
    filter: values.get('filter') ?? 'default',
    noLimbRefinement: flags.has('no-limb-refinement'),
    workers,
  };
}
