import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, type OwnProfile } from '@poselab/contract';
import { i18n } from '../i18n';
import { localizeMessage } from '../i18n/contract-messages';
import { ownInfo } from './fake-api';
import { applyUserInfo } from './session';

/** Issue #29: 'Profile updated.' came in English right after the profile switched the language to German. */
describe('applyUserInfo', () => {
  afterEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it("resolves once the profile's language is in place, so the next message speaks it", async () => {
    expect(i18n.language).toBe('en');
    await applyUserInfo(ownInfo('ann', { language: 'de' }) as OwnProfile);
    expect(i18n.language).toBe('de');
    expect(localizeMessage(M.profileUpdated)).not.toBe(M.profileUpdated);
  });
});
