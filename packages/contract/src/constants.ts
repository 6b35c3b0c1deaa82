/** Business constants of SPEC §9, shared by server and web. */
export const TOKEN_LIFETIME_MS = 604_800_000;
export const REMEMBER_DEVICE_MS = 7_776_000_000;
export const LICENSE_WARNING_DAYS = 14;
export const TRIAL_LICENSE_DAYS = 30;
export const TRASH_RETENTION_DAYS = 30;
export const TOAST_DURATION_MS = 10_000;
export const DOUBLE_CLICK_MS = 300;
export const SESSION_PAGE_SIZE = 40;
export const SUBJECT_PAGE_SIZE = 20;
export const SUBJECT_AUTOCOMPLETE_PAGE_SIZE = 40;
export const PASSWORD_MIN_LENGTH = 20;
export const LB_PER_KG = 2.20462;
export const IN_PER_M = 39.3701;
export const MIN_CAMERAS = 2;
export const DEFAULT_FRAMERATE = 60;
export const FRAMERATES = [60, 120, 240] as const;
/** Maximum recording length in seconds for a framerate: 60 s at 60 fps, 30 s at 120, 15 s at 240. */
export function maxRecordingSeconds(framerate: number): number {
  return Math.round(60 / (framerate / 60));
}
export const CHECKERBOARD_DEFAULTS = {
  rows: 4,
  cols: 5,
  squareSizeMm: 35,
  placement: 'Perpendicular',
} as const;
export const SUBJECT_DEFAULTS = { weight: 70, height: 1.8 } as const;
export const PLAYBACK_SPEEDS = [0.1, 0.25, 0.5, 0.75, 1, 2] as const;
export const INTENDED_USES = [
  'patient_care',
  'sports_performance_assessment',
  'use_in_company',
  'research_at_academic',
  'teaching_at_academic',
  'other_non_commercial',
] as const;
export type IntendedUse = (typeof INTENDED_USES)[number];
export const NOT_PERMITTED_USES: readonly string[] = [
  'patient_care',
  'sports_performance_assessment',
  'use_in_company',
];
