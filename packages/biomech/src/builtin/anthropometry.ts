/**
 * Generic adult dimensions of the built-in PoseLab model, for a reference stature of 1.75 m and 75 kg.
 *
 * Sources of the figures:
 * - Segment lengths and landmark heights as fractions of stature H: Drillis R, Contini R (1966) "Body segment
 *   parameters", Report 1166-03, New York University; as reproduced in Winter DA (2009) "Biomechanics and Motor
 *   Control of Human Movement", 4th ed., Wiley, Fig. 4.1: thigh 0.245H, leg 0.246H, foot length 0.152H,
 *   ankle height 0.039H, greater-trochanter (hip) height 0.530H, shoulder (acromion) height 0.818H,
 *   shoulder width 0.259H, upper arm 0.186H, forearm 0.146H, hand 0.108H, chin height 0.870H, eye height 0.936H,
 *   head/neck (chin to vertex) 0.130H, foot width 0.055H.
 * - Hip joint centre from the anterior superior iliac spines (ASIS): Bell AL, Pedersen DR, Brand RA (1990)
 *   "A comparison of the accuracy of several hip center location prediction methods", J Biomech 23:617–621:
 *   19% of the inter-ASIS distance posterior, 30% distal and 36% lateral of the mid-ASIS point.
 *   Inter-ASIS distance taken as 0.137H (≈ 0.24 m at 1.75 m), a typical adult value in that study's range.
 * - Segment masses as fractions of body mass: Winter (2009) Table 4.1 (Dempster 1955): pelvis 0.142,
 *   thigh 0.100, leg 0.0465, foot 0.0145, trunk + head 0.578 (HAT 0.678 minus the arms), upper arm 0.028,
 *   forearm 0.016, hand 0.006.
 * - Joint axis directions (knee, ankle talocrural, subtalar, metatarsophalangeal, elbow carrying angle,
 *   radio-ulnar) follow Inman VT (1976) "The Joints of the Ankle", Williams & Wilkins, and Delp SL et al. (1990)
 *   IEEE TBME 37:757–767, as used by Rajagopal A et al. (2016) IEEE TBME 63:2068–2079 and hence by OpenCap's
 *   LaiUhlrich2022 model, so that every coordinate has the same name and sign convention (.mot files are
 *   interchangeable). Coordinate ranges are the usual ranges of motion of those models.
 * - Where BlazePose puts its hip landmark (the keypoint 'r_hip'/'l_hip'), 0.017H above and 0.012H lateral of
 *   the hip joint centre: our estimate, not a measured value. Keypoint detectors trained on COCO-style labels
 *   mark the hip on the side of the pelvis between the iliac crest and the greater trochanter; on the
 *   Pose2Sim demo's neutral trial the two hip keypoints are 0.213 m apart (0.17 m is expected between the hip
 *   joint centres of a 1.70 m subject by Bell et al.) and the hip–knee keypoint distance is 1.08 times the
 *   knee–ankle one (1.0 between joint centres by Drillis and Contini). Scaling places each keypoint marker
 *   on the subject's model at the neutral pose, so this only has to be close enough for the scale factors.
 * - Lumbar (L5/S1) joint 0.055H posterior and 0.043H superior of the mid-ASIS point, and the gleno-humeral
 *   centre 0.025H below the acromion and 0.02H medial to it: our estimates from the skeletal proportions above,
 *   not measured values.
 */
export const REFERENCE_HEIGHT = 1.75;
export const REFERENCE_MASS = 75;

const H = REFERENCE_HEIGHT;

export const DIM = {
  thigh: 0.245 * H,
  leg: 0.246 * H,
  footLength: 0.152 * H,
  footWidth: 0.055 * H,
  ankleHeight: 0.039 * H,
  hipHeight: 0.53 * H,
  acromionHeight: 0.818 * H,
  shoulderWidth: 0.259 * H,
  upperArm: 0.186 * H,
  forearm: 0.146 * H,
  hand: 0.108 * H,
  chinHeight: 0.87 * H,
  eyeHeight: 0.936 * H,
  interAsis: 0.137 * H,
  lumbarBehindAsis: 0.055 * H,
  lumbarAboveAsis: 0.043 * H,
  ghBelowAcromion: 0.025 * H,
  ghMedialToAcromion: 0.02 * H,
  hipKeypointAboveHjc: 0.017 * H,
  hipKeypointLateralToHjc: 0.012 * H,
};

export const MASS_FRACTION = {
  pelvis: 0.142,
  thigh: 0.1,
  leg: 0.0465,
  foot: 0.0145,
  torso: 0.578,
  upperArm: 0.028,
  forearm: 0.016,
  hand: 0.006,
};
