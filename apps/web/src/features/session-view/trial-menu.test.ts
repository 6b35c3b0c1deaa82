import { describe, expect, it } from 'vitest';
import type { Trial } from '@poselab/contract';
import { trialMenuEntries } from './TrialList';
import { isDuplicateTrialName, statusLabel, trialErrorHover, trialErrorText } from './trial-status';

function trial(over: Partial<Trial>): Trial {
  return {
    id: 't1',
    name: 'walk',
    status: 'done',
    session: 's',
    created_at: '',
    updated_at: '',
    trashed: false,
    trashed_at: null,
    tags: [],
    videos: [],
    results: [],
    progress_info: { percent: null, message: null },
    meta: {},
    ...over,
  };
}

const labels = (t: Trial) => trialMenuEntries(t).map((e) => e.label);

describe('trial menu (SPEC §2)', () => {
  it('offers everything but Restore for an active movement trial', () => {
    expect(labels(trial({}))).toEqual(['Rename', 'Analysis', 'Edit Tags', 'Trash', 'Delete']);
  });
  it('has no Rename or Analysis for the neutral trial', () => {
    expect(labels(trial({ name: 'neutral' }))).toEqual(['Edit Tags', 'Trash', 'Delete']);
  });
  it('has no Rename or Analysis for the calibration trial (the server refuses renaming it)', () => {
    expect(labels(trial({ name: 'calibration' }))).toEqual(['Edit Tags', 'Trash', 'Delete']);
  });
  it('offers no Rename or Edit Tags while the trial uploads or processes', () => {
    for (const status of ['stopped', 'processing', 'reprocess'] as const) {
      expect(labels(trial({ status }))).toEqual(['Analysis', 'Trash', 'Delete']);
    }
  });
  it('offers Restore instead of Trash, and no Analysis, for a trashed trial', () => {
    expect(labels(trial({ trashed: true }))).toEqual(['Rename', 'Edit Tags', 'Restore', 'Delete']);
  });
});

describe('trial status and names', () => {
  it('uses the SPEC hover text and the server message or fallback for errors', () => {
    expect(trialErrorHover()).toBe('Processing failed. Consider recording this trial again.');
    expect(trialErrorText(trial({ meta: { error_msg: 'Neutral pose failed' } }))).toBe('Neutral pose failed');
    expect(trialErrorText(trial({}))).toBe('Finished with error');
    expect(
      statusLabel(trial({ status: 'processing', progress_info: { percent: 42.4, message: null } })),
    ).toBe('Processing 42%');
  });
  it('finds a duplicate name among the other trials only', () => {
    const trials = [trial({ id: 'a', name: 'walk' }), trial({ id: 'b', name: 'jump' })];
    expect(isDuplicateTrialName('jump', trials[0], trials)).toBe(true);
    expect(isDuplicateTrialName('walk', trials[0], trials)).toBe(false);
    expect(isDuplicateTrialName(' run ', trials[0], trials)).toBe(false);
  });
});
