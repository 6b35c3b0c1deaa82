import { USUAL_BAND_COLOR } from '@poselab/contract';

/**
 * Reference ranges of the metrics (colour bands of the metric bars), each with its published source beside it.
 * Three colours split at min_limit and max_limit (low, usual, high); a null limit merges its two bands, which
 * then share one colour (the bar draws nothing beyond a null limit: contract metricScale). Where no single
 * published norm exists for a population-independent value, or the norm needs the subject's height and it is
 * unknown, the metric has no limits and is drawn in one neutral colour, rather than showing made-up bands.
 */
export interface Band {
  min_limit: number | null;
  max_limit: number | null;
  min_limit_2?: number | null;
  max_limit_2?: number | null;
  colors: string[];
}

const RED = '#d32f2f';
const YELLOW = '#f9a825';
const GREEN = USUAL_BAND_COLOR;
const NEUTRAL = '#90a4ae';

export const NO_BAND: Band = { min_limit: null, max_limit: null, colors: [NEUTRAL, NEUTRAL, NEUTRAL] };

/** Higher is better: red below min, yellow between, green above max (green from min when max is null). */
const higherBetter = (min: number | null, max: number | null): Band =>
  min === null && max === null
    ? NO_BAND
    : { min_limit: min, max_limit: max, colors: [RED, max === null ? GREEN : YELLOW, GREEN] };
/** Lower is better: green below min, yellow between, red above max (green up to max when min is null). */
const lowerBetter = (min: number | null, max: number | null): Band =>
  min === null && max === null
    ? NO_BAND
    : { min_limit: min, max_limit: max, colors: [GREEN, min === null ? GREEN : YELLOW, RED] };
/** A usual range: yellow outside it, green inside (none without limits, e.g. without the subject's height). */
const usualRange = (min: number | null, max: number | null): Band =>
  min === null && max === null
    ? NO_BAND
    : { min_limit: min, max_limit: max, colors: [YELLOW, GREEN, YELLOW] };

const scaled = (height: number | null, f: number) => (height ? Number((height * f).toFixed(3)) : null);

/** Bands by metric key; `height` (m) scales the spatial ones and is null when the subject's height is unknown. */
export function bandFor(key: string, height: number | null): Band {
  switch (key) {
    // Perry J, Garrett M, Gronley JK, Mulroy SJ. Classification of walking handicap in the stroke population.
    // Stroke 1995;26:982–989: below 0.8 m/s walking is limited in the community. Studenski S et al. Gait speed
    // and survival in older adults. JAMA 2011;305:50–58: 1.0 m/s and faster goes with healthy ageing.
    case 'gait_speed':
      return higherBetter(0.8, 1.0);
    // Perry J, Burnfield JM. Gait Analysis: Normal and Pathological Function, 2nd ed. 2010: free-speed stride
    // length of healthy adults about 1.41 m, i.e. about 0.8 × body height; band ±12 % of that ratio.
    case 'stride_length':
      return usualRange(scaled(height, 0.7), scaled(height, 0.9));
    // Half the stride band above (a step is half a stride in steady gait): 0.35–0.45 × height.
    case 'step_length':
      return usualRange(scaled(height, 0.35), scaled(height, 0.45));
    // Patterson KK, Gage WH, Brooks D, Black SE, McIlroy WE. Evaluation of gait symmetry after stroke: a
    // comparison of current methods and recommendations for standardization. Gait Posture 2010;31:241–246:
    // the left/right ratio; healthy adults lie within about 0.9–1.1 (90–110 %).
    case 'step_length_symmetry':
      return usualRange(90, 110);
    // Tudor-Locke C et al. How fast is fast enough? Walking cadence (steps/min) as a practical estimate of
    // intensity in adults: a narrative review. Br J Sports Med 2018;52:776–788: 100 steps/min marks moderate,
    // 130 steps/min vigorous walking.
    case 'cadence':
      return usualRange(100, 130);
    // Step width 4.3–7.4 % of body height (about 7.5–13 cm at 1.75 m; issue #16's reference range), in line
    // with adult step widths of 8–10 cm at free speed in Perry & Burnfield 2010. Shown in cm.
    case 'step_width':
      return usualRange(scaled(height, 4.3), scaled(height, 7.4));
    // Perry & Burnfield 2010: at free speed double support takes about 20 % of the cycle (two 10 % periods);
    // more than 35 % marks cautious or impaired gait.
    case 'double_support':
      return lowerBetter(null, 35);
    // Perry & Burnfield 2010: stance about 60 %, single support about 40 % of the cycle. Times in seconds
    // depend on speed and have no band.
    case 'single_support':
      return usualRange(35, 45);
    // Perry & Burnfield 2010 sagittal peaks in normal walking: hip flexion about 30°, hip extension about 10°,
    // knee flexion in swing about 60°, ankle dorsiflexion about 10°, plantarflexion about 20°; bands ±10°.
    case 'peak_hip_flexion_gait':
      return usualRange(20, 40);
    case 'peak_hip_extension_gait':
      return usualRange(0, 20);
    case 'peak_knee_flexion_swing':
      return usualRange(50, 70);
    case 'peak_ankle_dorsiflexion_gait':
      return usualRange(0, 20);
    case 'peak_ankle_plantarflexion_gait':
      return usualRange(10, 30);
    // Escamilla RF. Knee biomechanics of the dynamic squat exercise. Med Sci Sports Exerc 2001;33:127–141:
    // partial squats reach about 40–60° of knee flexion, half squats about 70–100°, deep squats beyond 100°.
    // Bands show the squat's category, not a judgement.
    case 'peak_knee_flexion':
      return { min_limit: 70, max_limit: 100, colors: ['#90caf9', '#42a5f5', '#1565c0'] };
    // Herrington L, Munro A. Drop jump landing knee valgus angle; normative data in a physically active
    // population. Phys Ther Sport 2010;11:56–59: frontal-plane projection angles of 7–13° (women) and 3–8°
    // (men); values above 13° are beyond both ranges.
    case 'knee_frontal_angle_landing':
      return lowerBetter(8, 13);
    // Flanagan EP, Comyns TM. The use of contact time and the reactive strength index to optimize fast
    // stretch-shortening cycle training. Strength Cond J 2008;30(5):32–38: a fast stretch-shortening cycle
    // stays under 250 ms of ground contact.
    case 'contact_time':
      return lowerBetter(null, 250);
    // Bishop C, Turner A, Read P. Effects of inter-limb asymmetries on physical and sports performance: a
    // systematic review. J Sports Sci 2018;36:1135–1144: asymmetries above 10–15 % go with lower performance.
    case 'landing_asymmetry':
      return lowerBetter(10, 15);
    // Bohannon RW. Reference values for the five-repetition sit-to-stand test: a descriptive meta-analysis of
    // data from elders. Percept Mot Skills 2006;103:215–222: 11.4 s (60–69 years). Buatois S et al. Five times
    // sit to stand test is a predictor of recurrent falls in healthy community-living subjects aged 65 and
    // older. J Am Geriatr Soc 2008;56:1575–1577: 15 s or more predicts recurrent falls.
    case 'five_rep_time':
      return lowerBetter(11.4, 15);
    default:
      return NO_BAND;
  }
}
