import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint';
import { maxRecordingSeconds } from './constants';
import { ALPHA_DASH_CUSTOM } from './validation';

describe('contract helpers', () => {
  it('builds paths with encoded parameters and refuses a missing one', () => {
    expect(buildPath('/sessions/:id/rename/', { id: 'a b' })).toBe('/sessions/a%20b/rename/');
    expect(() => buildPath('/sessions/:id/', {})).toThrow(/Missing path parameter id/);
  });
  it('maps framerates to recording limits as SPEC §9', () => {
    expect([60, 120, 240].map(maxRecordingSeconds)).toEqual([60, 30, 15]);
  });
  it('alpha_dash_custom accepts letters, digits, hyphen and underscore only', () => {
    expect(ALPHA_DASH_CUSTOM.test('trial_1-a')).toBe(true);
    expect(ALPHA_DASH_CUSTOM.test('trial 1')).toBe(false);
    expect(ALPHA_DASH_CUSTOM.test('')).toBe(false);
  });
});
