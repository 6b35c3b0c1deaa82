/**
 * The published source of each metric's reference range (bands.ts, where each band sits beside its source),
 * for the reports' appendix. Citations stay in their original language.
 */
const PERRY = 'Perry J, Burnfield JM. Gait Analysis: Normal and Pathological Function, 2nd ed. SLACK; 2010.';

export const REFERENCE_SOURCES: Record<string, string[]> = {
  gait_speed: [
    'Perry J, Garrett M, Gronley JK, Mulroy SJ. Classification of walking handicap in the stroke population. Stroke 1995;26:982–989.',
    'Studenski S et al. Gait Speed and Survival in Older Adults. JAMA 2011;305:50–58.',
  ],
  stride_length: [PERRY],
  step_length: [PERRY],
  step_length_symmetry: [
    'Patterson KK, Gage WH, Brooks D, Black SE, McIlroy WE. Evaluation of gait symmetry after stroke: a comparison of current methods and recommendations for standardization. Gait Posture 2010;31:241–246.',
  ],
  cadence: [
    'Tudor-Locke C et al. How fast is fast enough? Walking cadence (steps/min) as a practical estimate of intensity in adults: a narrative review. Br J Sports Med 2018;52:776–788.',
  ],
  step_width: [PERRY],
  double_support: [PERRY],
  single_support: [PERRY],
  peak_hip_flexion_gait: [PERRY],
  peak_hip_extension_gait: [PERRY],
  peak_knee_flexion_swing: [PERRY],
  peak_ankle_dorsiflexion_gait: [PERRY],
  peak_ankle_plantarflexion_gait: [PERRY],
  peak_knee_flexion: [
    'Escamilla RF. Knee biomechanics of the dynamic squat exercise. Med Sci Sports Exerc 2001;33:127–141.',
  ],
  knee_frontal_angle_landing: [
    'Herrington L, Munro A. Drop jump landing knee valgus angle; normative data in a physically active population. Phys Ther Sport 2010;11:56–59.',
  ],
  contact_time: [
    'Flanagan EP, Comyns TM. The use of contact time and the reactive strength index to optimize fast stretch-shortening cycle training. Strength Cond J 2008;30(5):32–38.',
  ],
  landing_asymmetry: [
    'Bishop C, Turner A, Read P. Effects of inter-limb asymmetries on physical and sports performance: a systematic review. J Sports Sci 2018;36:1135–1144.',
  ],
  five_rep_time: [
    'Bohannon RW. Reference values for the five-repetition sit-to-stand test: a descriptive meta-analysis of data from elders. Percept Mot Skills 2006;103:215–222.',
    'Buatois S et al. Five times sit to stand test is a predictor of recurrent falls in healthy community-living subjects aged 65 and older. J Am Geriatr Soc 2008;56:1575–1577.',
  ],
};

/** The sources of a metric's reference range (empty when it has none). */
export function referenceSources(key: string): string[] {
  return REFERENCE_SOURCES[key] ?? [];
}
