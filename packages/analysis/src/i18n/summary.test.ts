import { describe, expect, it } from 'vitest';
import { analysisSummary } from './index';

describe('analysisSummary', () => {
  const gait = {
    info_text: '2 right and 3 left gait cycles from 0.53 s to 4.1 s.',
    details: {
      summary: { key: 'results.gait', params: { cycles_r: 2, cycles_l: 3, start: 0.53, end: 4.1 } },
    },
  };

  it('writes the stored summary in the language, numbers the language’s way', () => {
    expect(analysisSummary('en', gait)).toBe(gait.info_text);
    expect(analysisSummary('de', gait)).toBe('2 rechte und 3 linke Gangzyklen von 0,53 s bis 4,1 s.');
  });

  it('names the squat types in the language from the stored type counts', () => {
    const squat = {
      info_text: '3 repetitions: 2 × Double leg, 1 × Single leg, left.',
      details: {
        summary: {
          key: 'results.squat',
          params: { count: 3, types: '2 × Double leg, 1 × Single leg, left' },
        },
        types: { double_leg: 2, single_leg_l: 1 },
      },
    };
    expect(analysisSummary('en', squat)).toBe(squat.info_text);
    expect(analysisSummary('de', squat)).toBe('3 Wiederholungen: 2 × Beidbeinig, 1 × Einbeinig, links.');
  });

  it('falls back to the stored English text without a known summary', () => {
    expect(analysisSummary('de', { info_text: 'Stored.', details: {} })).toBe('Stored.');
    expect(
      analysisSummary('de', {
        info_text: 'Stored.',
        details: { summary: { key: 'results.nope', params: {} } },
      }),
    ).toBe('Stored.');
  });
});
