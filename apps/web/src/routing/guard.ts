import { licenseDaysLeft, NOT_PERMITTED_USES } from '@poselab/contract';
import type { RouteName } from './route-names';

export interface GuardState {
  loggedIn: boolean;
  verified: boolean;
  institutionalUse: string | null;
  /** Days until the license ends; SPEC §9: 15 when the end date is missing. */
  licenseDaysLeft: number;
  /** Whether the app holds a current session (set once a session is created or opened). */
  hasCurrentSession: boolean;
}

const PUBLIC_ROUTES: RouteName[] = [
  'Login',
  'Register',
  'Session',
  'ResetPassword',
  'NewPassword',
  'Dashboard',
  'AnalysisDashboard',
  'ProfilePage',
  'TrialViewer',
];
/** SPEC §6: an expired license removes access to the capture steps (the server refuses them too). */
const LICENSED_ROUTES: RouteName[] = [
  'ConnectDevices',
  'ConnectDevicesForId',
  'Calibration',
  'Neutral',
  'ImportSession',
];
const SESSION_ROUTES: RouteName[] = ['ConnectDevicesForId', 'Calibration', 'Neutral'];

/** SPEC §2 route guard: the route to redirect to, or null to stay. Checks run in the SPEC's order. */
export function guardRedirect(route: RouteName, s: GuardState): RouteName | null {
  // The link of an e-mail change works in any state: it carries its own token (issue #19).
  if (route === 'ConfirmEmail') return null;
  if (!s.loggedIn) return PUBLIC_ROUTES.includes(route) ? null : 'Login';
  if (!s.verified) return route === 'Verify' ? null : route === 'Login' ? null : 'Login';
  if (route === 'Verify' || route === 'Login') return null;
  if (
    (s.institutionalUse === null ||
      s.institutionalUse === '' ||
      NOT_PERMITTED_USES.includes(s.institutionalUse)) &&
    route !== 'License'
  ) {
    return 'License';
  }
  if (s.licenseDaysLeft < 0 && LICENSED_ROUTES.includes(route)) return 'SelectSession';
  if (!s.hasCurrentSession && SESSION_ROUTES.includes(route)) return 'ConnectDevices';
  return null;
}

/** Whole days from today until an ISO date (negative once past); 15 when unknown (SPEC §9). */
export function daysUntil(isoDate: string | null | undefined, now = new Date()): number {
  return licenseDaysLeft(isoDate, now);
}
