import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { isDoneWithWarnings, warningText } from './warning-text';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('warningText', () => {
  it('renders a known code with its params in the user’s language, numbers formatted', async () => {
    const w = {
      code: 'coordinate_at_limit',
      params: { coordinate: 'hip_flexion_l', limit: 'min', frames_pct: 12.345 },
      message: 'hip_flexion_l at its min limit in 12.3 % of frames',
    };
    expect(warningText(i18n, w)).toBe('hip_flexion_l sits at its minimum limit in 12.3 % of the frames.');
    await i18n.changeLanguage('de');
    expect(warningText(i18n, w)).toBe(
      'hip_flexion_l liegt in 12,3 % der Bilder an der Bereichsgrenze (Minimum).',
    );
  });

  it('falls back to the stored English message for unknown codes and for missing params', async () => {
    await i18n.changeLanguage('de');
    expect(warningText(i18n, { code: 'something_new', params: {}, message: 'Something new.' })).toBe(
      'Something new.',
    );
    expect(
      warningText(i18n, { code: 'camera_left_out', params: { cam: 2 }, message: 'Camera 2 was left out.' }),
    ).toBe('Camera 2 was left out.');
    expect(
      warningText(i18n, {
        code: 'camera_left_out',
        params: { camera: 'Kamera 2', reason: 'kein Proband zu sehen' },
        message: 'Camera 2 was left out.',
      }),
    ).toBe('Kamera 2 wurde nicht verwendet: kein Proband zu sehen');
  });
});

describe('isDoneWithWarnings', () => {
  it('needs status done and at least one warning', () => {
    const w = [{ code: 'x', params: {}, message: 'x' }];
    expect(isDoneWithWarnings({ status: 'done', meta: { warnings: w } })).toBe(true);
    expect(isDoneWithWarnings({ status: 'done', meta: { warnings: [] } })).toBe(false);
    expect(isDoneWithWarnings({ status: 'done', meta: {} })).toBe(false);
    expect(isDoneWithWarnings({ status: 'error', meta: { warnings: w } })).toBe(false);
  });
});
