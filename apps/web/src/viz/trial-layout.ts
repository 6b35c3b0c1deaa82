/** SPEC §9: eight trial colours for skeletons; trials are spaced 1.2 units apart. */
export const TRIAL_COLORS = [
  '#e8e2d5', // bone white
  '#4f9dde',
  '#e8743b',
  '#19a979',
  '#ed4a7b',
  '#945ecf',
  '#f2c42b',
  '#13a4b4',
] as const;

export const TRIAL_SPACING = 1.2;

export function trialColor(index: number): string {
  return TRIAL_COLORS[((index % TRIAL_COLORS.length) + TRIAL_COLORS.length) % TRIAL_COLORS.length];
}

/** Sideways (z) offset of trial `index` so that `count` trials stand side by side around the origin. */
export function trialOffset(index: number, count: number): number {
  return (index - (count - 1) / 2) * TRIAL_SPACING;
}
