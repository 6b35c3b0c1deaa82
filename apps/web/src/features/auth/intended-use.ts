import type { IntendedUse } from '@poselab/contract';
import { i18n } from '../../i18n';

/** Label of a SPEC §3 intended-use value in the UI language. */
export function intendedUseLabel(use: IntendedUse, inSentence = false): string {
  return i18n.t(`auth:${inSentence ? 'usesInSentence' : 'uses'}.${use}`);
}
