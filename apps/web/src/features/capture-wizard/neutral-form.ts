import {
  AUGMENTER_MODELS,
  DATA_SHARING_CHOICES,
  DEFAULT_FRAMERATE,
  MESSAGES,
  OPENSIM_MODELS,
  SCALING_SETUPS,
  normalizeFilterFrequency,
  type Subject,
} from '@poselab/contract';
import { i18n } from '../../i18n';

export interface AdvancedSettings {
  framerate: number;
  scalingSetup: (typeof SCALING_SETUPS)[number];
  openSimModel: (typeof OPENSIM_MODELS)[number];
  augmenterModel: (typeof AUGMENTER_MODELS)[number];
  filterFrequency: string;
}

export const DEFAULT_ADVANCED: AdvancedSettings = {
  framerate: DEFAULT_FRAMERATE,
  scalingSetup: 'upright_standing_pose',
  openSimModel: 'LaiUhlrich2022_shoulder',
  augmenterModel: 'v0.3',
  filterFrequency: 'default',
};

export interface NeutralForm {
  subject: Subject | null;
  sessionName: string;
  dataSharing: (typeof DATA_SHARING_CHOICES)[number] | '';
  agreed: boolean;
  advanced: AdvancedSettings;
}

/** SPEC §5 Neutral rules: per-field messages, empty when the form may record. */
export function validateNeutral(
  f: NeutralForm,
): Partial<Record<'subject' | 'dataSharing' | 'agreed' | 'sessionName', string>> {
  const errors: Partial<Record<'subject' | 'dataSharing' | 'agreed' | 'sessionName', string>> = {};
  if (!f.subject) errors.subject = i18n.t('wizard:neutral.selectSubject');
  if (!f.dataSharing) errors.dataSharing = i18n.t('wizard:neutral.selectSharing');
  if (!f.agreed) errors.agreed = MESSAGES.subjectMustAgree;
  if (f.sessionName && !/^[A-Za-z0-9_]+$/.test(f.sessionName)) errors.sessionName = MESSAGES.sessionNameHint;
  return errors;
}

/** The filter frequency the server will keep and the warning to show (SPEC §5). */
export function filterFrequencyWarning(a: AdvancedSettings): string | null {
  return normalizeFilterFrequency(a.filterFrequency, a.framerate).warning;
}
