import { describe, expect, it } from 'vitest';
import { ANALYSIS_CATALOGUE_NAMESPACE as PACKAGE_NAMESPACE } from '@poselab/analysis/browser';
import { ANALYSIS_CATALOGUE_NAMESPACE } from './analysis-catalogue';
import { i18n } from './index';

describe('analysis catalogue namespace', () => {
  it('has the analysis package’s name', () => {
    expect(ANALYSIS_CATALOGUE_NAMESPACE).toBe(PACKAGE_NAMESPACE);
  });

  it('loads on demand in German like the other lazy catalogues', async () => {
    await i18n.loadLanguages('de');
    await i18n.loadNamespaces(ANALYSIS_CATALOGUE_NAMESPACE);
    expect(i18n.getFixedT('de', ANALYSIS_CATALOGUE_NAMESPACE)('metrics.gait_speed.label')).toBe(
      'Ganggeschwindigkeit',
    );
    expect(i18n.getFixedT('en', ANALYSIS_CATALOGUE_NAMESPACE)('metrics.gait_speed.label')).toBe('Gait speed');
  });
});
