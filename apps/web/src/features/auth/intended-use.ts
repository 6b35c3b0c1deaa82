import type { IntendedUse } from '@poselab/contract';

/** Labels of SPEC §3 intended-use values. */
export const INTENDED_USE_LABELS: Record<IntendedUse, string> = {
  patient_care: 'Patient care (clinical use)',
  sports_performance_assessment: 'Sports performance assessment',
  use_in_company: 'Use in a company',
  research_at_academic: 'Research at an academic institution',
  teaching_at_academic: 'Teaching at an academic institution',
  other_non_commercial: 'Other non-commercial use',
};
