import { IN_PER_M, LB_PER_KG } from './constants';
import { MESSAGES } from './validation';

/**
 * SPEC §5 subject form rules, shared by the Subject dialog (which validates what the user typed in their unit
 * system) and the server (which stores kg and m and answers 400 with field errors in the user's units).
 */

export type UnitSystem = 'metric' | 'imperial';

export const SUBJECT_MESSAGES = {
  required: 'This field is required.',
  nameTooLong: 'The name must be at most 100 characters.',
  weightNumber: 'The weight must be a number.',
  weightMaxKg: 'The weight is unlikely to exceed 200 kg.',
  weightMinKg: 'The weight is less than 1 kg, check units.',
  weightMaxLb: 'The weight is unlikely to exceed 500 lbs.',
  weightMinLb: 'The weight is less than 5 lbs, check units.',
  heightNumber: 'The height must be a number.',
  heightMaxM: 'The height is unlikely to exceed 3 m.',
  heightInMetres: 'Enter the height in metres, e.g. 1.70 for 170 cm.',
  heightMinM: 'The height is less than 0.1 m, check units.',
  heightFeetInches: `Please specify the height in feet and inches, like 5'6".`,
  inchesRange: 'Inches must be between 0 and 11.',
  heightMaxFt: 'The height is unlikely to exceed 9 ft 10 in.',
  heightMinFt: 'The height is under 4 in, check units.',
  birthYearNumber: 'The birth year must be a whole number.',
  birthYearFuture: 'The birth year cannot be in the future.',
  birthYearBefore1900: 'The birth year cannot be before 1900.',
  subjectTags: "You must add at least one subject tag. For subjects with no conditions, select 'Unimpaired'.",
  terms: MESSAGES.subjectMustAgree,
} as const;

export const WEIGHT_LIMITS = { kg: { min: 1, max: 200 }, lb: { min: 5, max: 500 } } as const;
export const HEIGHT_LIMITS = { m: { min: 0.1, max: 3 }, ft: { min: 0.33, max: 9.84 } } as const;
export const MIN_BIRTH_YEAR = 1900;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Stored weights keep 2 decimals (150 lbs → 68.04 kg); heights keep 4 (5'6" → 1.6764 m). */
export const lbToKg = (lb: number) => round(lb / LB_PER_KG, 2);
export const kgToLb = (kg: number) => round(kg * LB_PER_KG, 1);
export const inchesToM = (inches: number) => round(inches / IN_PER_M, 4);
export const mToInches = (m: number) => m * IN_PER_M;

/** Parses 5'6", 5' 6", 5'6 or 5' (no inches) into feet and inches; null when it does not look like that. */
export function parseFeetInches(text: string): { feet: number; inches: number } | null {
  const m = /^\s*(\d+)\s*(?:'|′|ft)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|″|''|in)?)?\s*$/.exec(text);
  if (!m) return null;
  return { feet: Number(m[1]), inches: m[2] === undefined ? 0 : Number(m[2]) };
}

/** A metric height shown as feet and inches, e.g. 1.6764 → 5'6". */
export function formatFeetInches(heightM: number): string {
  let total = Math.round(mToInches(heightM));
  const feet = Math.floor(total / 12);
  total -= feet * 12;
  return `${feet}'${total}"`;
}

/** A stored weight in the user's unit, e.g. '68.04 kg' or '150 lbs'. */
export function formatWeight(weightKg: number, unit: UnitSystem): string {
  return unit === 'imperial' ? `${kgToLb(weightKg)} lbs` : `${round(weightKg, 2)} kg`;
}

export function formatHeight(heightM: number, unit: UnitSystem): string {
  return unit === 'imperial' ? formatFeetInches(heightM) : `${round(heightM, 2)} m`;
}

/** SPEC §3 display_name / display_name_imperial. */
export function subjectDisplayName(
  name: string,
  weightKg: number,
  heightM: number,
  unit: UnitSystem,
): string {
  return `${name} (${formatWeight(weightKg, unit)}, ${formatHeight(heightM, unit)})`;
}

/** What the Subject dialog holds: weight and height as typed in the user's unit system. */
export interface SubjectFormInput {
  name: unknown;
  weight: unknown;
  height: unknown;
  birth_year: unknown;
  subject_tags: unknown;
  terms: unknown;
}

export type SubjectFieldErrors = Partial<Record<keyof SubjectFormInput, string[]>>;

export interface SubjectRulesResult {
  errors: SubjectFieldErrors;
  /** Set only when there are no errors: the values to store (kg, m, the trimmed name, the year). */
  value?: { name: string; weight: number; height: number; birth_year: number; subject_tags: string[] };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

function checkWeight(v: unknown, unit: UnitSystem, metricInput: boolean): { error?: string; kg?: number } {
  if (isBlank(v)) return { error: SUBJECT_MESSAGES.required };
  const n = toNumber(v);
  if (n === null) return { error: SUBJECT_MESSAGES.weightNumber };
  if (unit === 'imperial') {
    const lb = metricInput ? n * LB_PER_KG : n;
    if (lb > WEIGHT_LIMITS.lb.max + 1e-9) return { error: SUBJECT_MESSAGES.weightMaxLb };
    if (lb < WEIGHT_LIMITS.lb.min - 1e-9) return { error: SUBJECT_MESSAGES.weightMinLb };
    return { kg: metricInput ? n : lbToKg(n) };
  }
  if (n > WEIGHT_LIMITS.kg.max) return { error: SUBJECT_MESSAGES.weightMaxKg };
  if (n < WEIGHT_LIMITS.kg.min) return { error: SUBJECT_MESSAGES.weightMinKg };
  return { kg: n };
}

function checkHeight(v: unknown, unit: UnitSystem, metricInput: boolean): { error?: string; m?: number } {
  if (isBlank(v)) return { error: SUBJECT_MESSAGES.required };
  if (unit === 'imperial' && metricInput) {
    const n = toNumber(v);
    if (n === null) return { error: SUBJECT_MESSAGES.heightNumber };
    const feet = (n * IN_PER_M) / 12;
    if (feet > HEIGHT_LIMITS.ft.max + 0.005) return { error: SUBJECT_MESSAGES.heightMaxFt };
    if (feet < HEIGHT_LIMITS.ft.min - 0.005) return { error: SUBJECT_MESSAGES.heightMinFt };
    return { m: n };
  }
  if (unit === 'imperial') {
    const fi = typeof v === 'string' ? parseFeetInches(v) : null;
    if (!fi) return { error: SUBJECT_MESSAGES.heightFeetInches };
    if (fi.inches < 0 || fi.inches > 11) return { error: SUBJECT_MESSAGES.inchesRange };
    const feet = fi.feet + fi.inches / 12;
    if (feet > HEIGHT_LIMITS.ft.max) return { error: SUBJECT_MESSAGES.heightMaxFt };
    if (feet < HEIGHT_LIMITS.ft.min) return { error: SUBJECT_MESSAGES.heightMinFt };
    return { m: inchesToM(fi.feet * 12 + fi.inches) };
  }
  const n = toNumber(v);
  if (n === null) return { error: SUBJECT_MESSAGES.heightNumber };
  // 'Metric (kg, cm)' accounts type 170 for 1.70 m: say which unit the field takes (issue #29).
  if (n > HEIGHT_LIMITS.m.max && n >= 30 && n <= 300) return { error: SUBJECT_MESSAGES.heightInMetres };
  if (n > HEIGHT_LIMITS.m.max) return { error: SUBJECT_MESSAGES.heightMaxM };
  if (n < HEIGHT_LIMITS.m.min) return { error: SUBJECT_MESSAGES.heightMinM };
  return { m: n };
}

function checkBirthYear(v: unknown, currentYear: number): { error?: string; year?: number } {
  if (isBlank(v)) return { error: SUBJECT_MESSAGES.required };
  const n = toNumber(v);
  if (n === null || !Number.isInteger(n)) return { error: SUBJECT_MESSAGES.birthYearNumber };
  if (n > currentYear) return { error: SUBJECT_MESSAGES.birthYearFuture };
  if (n < MIN_BIRTH_YEAR) return { error: SUBJECT_MESSAGES.birthYearBefore1900 };
  return { year: n };
}

/**
 * Checks a subject form in the given unit system. Imperial input is weight in lbs and height as feet and
 * inches text (5'6"); metric is kg and m. With `metricInput` (the server, which receives kg and m) the values
 * are metric but the limits and messages are those of `unit`. `currentYear` comes from the caller's clock.
 */
export function validateSubjectInput(
  input: SubjectFormInput,
  unit: UnitSystem,
  currentYear: number,
  opts: { metricInput?: boolean } = {},
): SubjectRulesResult {
  const metricInput = opts.metricInput ?? false;
  const errors: SubjectFieldErrors = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.name = [SUBJECT_MESSAGES.required];
  else if (name.length > 100) errors.name = [SUBJECT_MESSAGES.nameTooLong];
  const weight = checkWeight(input.weight, unit, metricInput);
  if (weight.error) errors.weight = [weight.error];
  const height = checkHeight(input.height, unit, metricInput);
  if (height.error) errors.height = [height.error];
  const year = checkBirthYear(input.birth_year, currentYear);
  if (year.error) errors.birth_year = [year.error];
  const tags = Array.isArray(input.subject_tags)
    ? input.subject_tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    : [];
  if (tags.length === 0) errors.subject_tags = [SUBJECT_MESSAGES.subjectTags];
  if (input.terms !== true) errors.terms = [SUBJECT_MESSAGES.terms];
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    value: {
      name,
      weight: weight.kg as number,
      height: height.m as number,
      birth_year: year.year as number,
      subject_tags: [...new Set(tags)],
    },
  };
}

/** A stored (metric) subject as the dialog shows it in the user's units, for editing. */
export function subjectToFormUnits(
  weightKg: number,
  heightM: number,
  unit: UnitSystem,
): { weight: string; height: string } {
  if (unit === 'imperial') return { weight: String(kgToLb(weightKg)), height: formatFeetInches(heightM) };
  return { weight: String(weightKg), height: String(heightM) };
}
