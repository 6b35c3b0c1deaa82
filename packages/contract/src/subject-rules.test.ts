import { describe, expect, it } from 'vitest';
import {
  formatFeetInches,
  formatWeight,
  kgToLb,
  parseFeetInches,
  SUBJECT_MESSAGES as M,
  subjectDisplayName,
  subjectToFormUnits,
  validateSubjectInput,
  type SubjectFormInput,
} from './subject-rules';

const YEAR = 2026;
const metric: SubjectFormInput = {
  name: 'Jane',
  weight: '70',
  height: '1.8',
  birth_year: '1990',
  subject_tags: ['unimpaired'],
  terms: true,
};
const imperial: SubjectFormInput = { ...metric, weight: '150', height: `5'6"` };

function errorsOf(input: Partial<SubjectFormInput>, unit: 'metric' | 'imperial') {
  const base = unit === 'metric' ? metric : imperial;
  return validateSubjectInput({ ...base, ...input }, unit, YEAR).errors;
}

describe('subject rules (SPEC §5)', () => {
  it('accepts a valid metric subject and keeps kg and m', () => {
    const r = validateSubjectInput(metric, 'metric', YEAR);
    expect(r.errors).toEqual({});
    expect(r.value).toEqual({
      name: 'Jane',
      weight: 70,
      height: 1.8,
      birth_year: 1990,
      subject_tags: ['unimpaired'],
    });
  });

  it('converts imperial 5\'6" and 150 lbs to 1.6764 m and 68.04 kg', () => {
    const r = validateSubjectInput(imperial, 'imperial', YEAR);
    expect(r.errors).toEqual({});
    expect(r.value?.height).toBe(1.6764);
    expect(r.value?.weight).toBe(68.04);
  });

  it('requires the name', () => {
    expect(errorsOf({ name: '  ' }, 'metric').name).toEqual([M.required]);
    expect(errorsOf({ name: undefined }, 'imperial').name).toEqual([M.required]);
  });

  it('checks the weight in kg: required, 1 to 200', () => {
    expect(errorsOf({ weight: '' }, 'metric').weight).toEqual([M.required]);
    expect(errorsOf({ weight: 'abc' }, 'metric').weight).toEqual([M.weightNumber]);
    expect(errorsOf({ weight: '200.5' }, 'metric').weight).toEqual([M.weightMaxKg]);
    expect(errorsOf({ weight: '0.5' }, 'metric').weight).toEqual([M.weightMinKg]);
    expect(errorsOf({ weight: 200 }, 'metric').weight).toBeUndefined();
    expect(errorsOf({ weight: 1 }, 'metric').weight).toBeUndefined();
  });

  it('checks the weight in lb: required, 5 to 500', () => {
    expect(errorsOf({ weight: null }, 'imperial').weight).toEqual([M.required]);
    expect(errorsOf({ weight: '501' }, 'imperial').weight).toEqual([M.weightMaxLb]);
    expect(errorsOf({ weight: '4.9' }, 'imperial').weight).toEqual([M.weightMinLb]);
    expect(errorsOf({ weight: '500' }, 'imperial').weight).toBeUndefined();
    expect(errorsOf({ weight: '5' }, 'imperial').weight).toBeUndefined();
  });

  it('checks the height in m: required, 0.1 to 3', () => {
    expect(errorsOf({ height: '' }, 'metric').height).toEqual([M.required]);
    expect(errorsOf({ height: 'tall' }, 'metric').height).toEqual([M.heightNumber]);
    expect(errorsOf({ height: '3.01' }, 'metric').height).toEqual([M.heightMaxM]);
    expect(errorsOf({ height: '0.09' }, 'metric').height).toEqual([M.heightMinM]);
    expect(errorsOf({ height: '3' }, 'metric').height).toBeUndefined();
    expect(errorsOf({ height: '0.1' }, 'metric').height).toBeUndefined();
  });

  it('says the field takes metres when a height in centimetres is typed (issue #29)', () => {
    expect(errorsOf({ height: '170' }, 'metric').height).toEqual([M.heightInMetres]);
    expect(errorsOf({ height: '30' }, 'metric').height).toEqual([M.heightInMetres]);
    expect(errorsOf({ height: '1700' }, 'metric').height).toEqual([M.heightMaxM]);
    expect(errorsOf({ height: '25' }, 'metric').height).toEqual([M.heightMaxM]);
  });

  it('checks the imperial height: format, inches 0 to 11, total 0.33 to 9.84 ft', () => {
    expect(M.heightFeetInches).toBe(`Please specify the height in feet and inches, like 5'6".`);
    expect(M.inchesRange).toBe('Inches must be between 0 and 11.');
    expect(errorsOf({ height: '' }, 'imperial').height).toEqual([M.required]);
    expect(errorsOf({ height: '66' }, 'imperial').height).toEqual([M.heightFeetInches]);
    expect(errorsOf({ height: '1.7' }, 'imperial').height).toEqual([M.heightFeetInches]);
    expect(errorsOf({ height: `5'12"` }, 'imperial').height).toEqual([M.inchesRange]);
    expect(errorsOf({ height: `9'11"` }, 'imperial').height).toEqual([M.heightMaxFt]);
    expect(errorsOf({ height: `0'3"` }, 'imperial').height).toEqual([M.heightMinFt]);
    expect(errorsOf({ height: `9'10"` }, 'imperial').height).toBeUndefined();
    expect(errorsOf({ height: `0'4"` }, 'imperial').height).toBeUndefined();
    expect(errorsOf({ height: `6'` }, 'imperial').height).toBeUndefined();
  });

  it('checks the birth year: required, 1900 to the current year', () => {
    expect(errorsOf({ birth_year: '' }, 'metric').birth_year).toEqual([M.required]);
    expect(errorsOf({ birth_year: '19x0' }, 'imperial').birth_year).toEqual([M.birthYearNumber]);
    expect(errorsOf({ birth_year: YEAR + 1 }, 'metric').birth_year).toEqual([M.birthYearFuture]);
    expect(errorsOf({ birth_year: 1899 }, 'imperial').birth_year).toEqual([M.birthYearBefore1900]);
    expect(errorsOf({ birth_year: YEAR }, 'metric').birth_year).toBeUndefined();
    expect(errorsOf({ birth_year: 1900 }, 'metric').birth_year).toBeUndefined();
  });

  it('requires at least one subject tag and the consent, in both unit systems', () => {
    for (const unit of ['metric', 'imperial'] as const) {
      expect(errorsOf({ subject_tags: [] }, unit).subject_tags).toEqual([
        "You must add at least one subject tag. For subjects with no conditions, select 'Unimpaired'.",
      ]);
      expect(errorsOf({ subject_tags: 'unimpaired' }, unit).subject_tags).toEqual([M.subjectTags]);
      expect(errorsOf({ terms: false }, unit).terms).toEqual(['The subject must agree to continue!']);
    }
  });

  it('parses and formats feet and inches', () => {
    expect(parseFeetInches(`5'6"`)).toEqual({ feet: 5, inches: 6 });
    expect(parseFeetInches(`5' 6`)).toEqual({ feet: 5, inches: 6 });
    expect(parseFeetInches('5ft 6in')).toEqual({ feet: 5, inches: 6 });
    expect(parseFeetInches('five')).toBeNull();
    expect(formatFeetInches(1.6764)).toBe(`5'6"`);
    expect(formatFeetInches(1.8)).toBe(`5'11"`);
    expect(formatFeetInches(1.83)).toBe(`6'0"`);
  });

  it('shows weights and names in both unit systems (1 kg is 2.2 lbs)', () => {
    expect(kgToLb(68.04)).toBe(150);
    expect(formatWeight(1, 'imperial')).toBe('2.2 lbs');
    expect(formatWeight(68.04, 'metric')).toBe('68.04 kg');
    expect(subjectDisplayName('Jane', 68.04, 1.6764, 'imperial')).toBe(`Jane (150 lbs, 5'6")`);
    expect(subjectDisplayName('Jane', 70, 1.8, 'metric')).toBe('Jane (70 kg, 1.8 m)');
    expect(subjectToFormUnits(68.04, 1.6764, 'imperial')).toEqual({ weight: '150', height: `5'6"` });
  });
});

describe('subject rules on metric input with imperial limits (the server)', () => {
  const check = (weight: number, height: number) =>
    validateSubjectInput({ ...metric, weight, height }, 'imperial', YEAR, { metricInput: true });

  it('keeps the metric values and applies lb and ft limits', () => {
    expect(check(68.04, 1.6764)).toEqual({
      errors: {},
      value: { name: 'Jane', weight: 68.04, height: 1.6764, birth_year: 1990, subject_tags: ['unimpaired'] },
    });
    expect(check(210, 1.8).errors).toEqual({});
    expect(check(227, 1.8).errors.weight).toEqual([M.weightMaxLb]);
    expect(check(2, 1.8).errors.weight).toEqual([M.weightMinLb]);
    expect(check(70, 3.01).errors.height).toEqual([M.heightMaxFt]);
    expect(check(70, 0.09).errors.height).toEqual([M.heightMinFt]);
    expect(check(70, 1.82).errors.height).toBeUndefined();
  });
});
