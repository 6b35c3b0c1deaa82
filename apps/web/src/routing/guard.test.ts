import { describe, expect, it } from 'vitest';
import { daysUntil, guardRedirect, type GuardState } from './guard';
import { routePath } from './route-names';

const verified: GuardState = {
  loggedIn: true,
  verified: true,
  institutionalUse: 'research_at_academic',
  licenseDaysLeft: 20,
  hasCurrentSession: true,
};

describe('route guard (SPEC §2)', () => {
  it('lets anonymous visitors reach only the public pages', () => {
    const anon = { ...verified, loggedIn: false, verified: false };
    expect(guardRedirect('Session', anon)).toBeNull();
    expect(guardRedirect('ProfilePage', anon)).toBeNull();
    expect(guardRedirect('AnalysisDashboard', anon)).toBeNull();
    expect(guardRedirect('SelectSession', anon)).toBe('Login');
    expect(guardRedirect('Subjects', anon)).toBe('Login');
  });

  it('keeps unverified users on Verify', () => {
    const unverified = { ...verified, verified: false };
    expect(guardRedirect('Verify', unverified)).toBeNull();
    expect(guardRedirect('SelectSession', unverified)).toBe('Login');
  });

  it('forces License for empty or not-permitted intended use', () => {
    for (const use of [null, '', 'patient_care', 'sports_performance_assessment', 'use_in_company']) {
      expect(guardRedirect('SelectSession', { ...verified, institutionalUse: use })).toBe('License');
      expect(guardRedirect('License', { ...verified, institutionalUse: use })).toBeNull();
    }
  });

  it('blocks capture pages when the license expired or no session is held', () => {
    expect(guardRedirect('Calibration', { ...verified, licenseDaysLeft: -1 })).toBe('SelectSession');
    expect(guardRedirect('SelectSession', { ...verified, licenseDaysLeft: -1 })).toBeNull();
    // An expired license also closes a session's own pairing page (and the capture steps behind it).
    expect(
      guardRedirect('ConnectDevicesForId', { ...verified, licenseDaysLeft: -1, hasCurrentSession: true }),
    ).toBe('SelectSession');
    expect(guardRedirect('Neutral', { ...verified, hasCurrentSession: false })).toBe('ConnectDevices');
    expect(guardRedirect('ConnectDevices', { ...verified, hasCurrentSession: false })).toBeNull();
  });

  it('computes days left with the SPEC default of 15', () => {
    expect(daysUntil(null)).toBe(15);
    expect(daysUntil('2026-01-11', new Date('2026-01-01T12:00:00Z'))).toBe(10);
    expect(daysUntil('2025-12-31', new Date('2026-01-01T12:00:00Z'))).toBe(-1);
  });

  it('builds paths', () => {
    expect(routePath('Session', { id: 'abc' })).toBe('/session/abc');
    expect(routePath('Dashboard')).toBe('/dashboard/');
    expect(routePath('ProfilePage', { username: 'ann' })).toBe('/profile/ann/');
  });
});
