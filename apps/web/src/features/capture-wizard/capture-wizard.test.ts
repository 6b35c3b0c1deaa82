import { describe, expect, it } from 'vitest';
import { FILTER_WARNINGS, MESSAGES } from '@poselab/contract';
import { calibrationCaption, formatElapsed } from './api';
import { DEFAULT_ADVANCED, filterFrequencyWarning, validateNeutral } from './neutral-form';
import { validateTrialName } from './Recorder';

describe('capture wizard rules', () => {
  it('maps polled statuses to the Calibration button captions', () => {
    expect(calibrationCaption(null, false)).toBe('Calibrate');
    expect(calibrationCaption('recording', true)).toBe('Recording');
    expect(calibrationCaption('uploading', true)).toBe('Uploading');
    expect(calibrationCaption('stopped', true)).toBe('Queueing');
    expect(calibrationCaption('processing', true)).toBe('Processing');
    expect(calibrationCaption('done', false)).toBe('Confirm');
    expect(calibrationCaption('error', false)).toBe('Re-record');
  });

  it('checks trial names before recording', () => {
    expect(validateTrialName('')).toBe('Trial name is required.');
    expect(validateTrialName('my walk')).toBe(MESSAGES.noSpaces);
    expect(validateTrialName('walk!')).toBe(MESSAGES.alphaDashCustom);
    expect(validateTrialName('walk_1-b')).toBeNull();
  });

  it('needs subject, data sharing and agreement on the Neutral page', () => {
    const empty = {
      subject: null,
      sessionName: '',
      dataSharing: '' as const,
      agreed: false,
      advanced: DEFAULT_ADVANCED,
    };
    expect(Object.keys(validateNeutral(empty)).sort()).toEqual(['agreed', 'dataSharing', 'subject']);
    expect(validateNeutral(empty).agreed).toBe(MESSAGES.subjectMustAgree);
  });

  it('warns about filter frequencies as SPEC §5 says', () => {
    expect(filterFrequencyWarning({ ...DEFAULT_ADVANCED, filterFrequency: 'default' })).toBeNull();
    expect(filterFrequencyWarning({ ...DEFAULT_ADVANCED, filterFrequency: '12' })).toBeNull();
    expect(filterFrequencyWarning({ ...DEFAULT_ADVANCED, filterFrequency: '-3' })).toBe(
      FILTER_WARNINGS.invalid,
    );
    expect(filterFrequencyWarning({ ...DEFAULT_ADVANCED, framerate: 120, filterFrequency: '90' })).toBe(
      'Too large filter frequency. Using half the framerate (60 Hz) instead.',
    );
  });

  it('formats elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(61.7)).toBe('01:01');
  });
});
