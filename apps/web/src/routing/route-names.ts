/** Route names of SPEC §2, with the path each has in history mode. */
export const ROUTES = {
  Login: '/login',
  Verify: '/verify',
  License: '/license',
  Register: '/register',
  SelectSession: '/sessions',
  ConnectDevices: '/connect-devices',
  ConnectDevicesForId: '/:id/connect-devices',
  Calibration: '/:id/calibration',
  Neutral: '/:id/neutral',
  Session: '/session/:id',
  Dashboard: '/dashboard/:id?',
  AnalysisDashboard: '/analysis-dashboard/:id/',
  ResetPassword: '/reset-password',
  NewPassword: '/new-password/:token',
  RecycleBin: '/recycle-bin',
  Subjects: '/subjects',
  Downloads: '/downloads',
  ProfilePage: '/profile/:username/',
  TrialViewer: '/trial/:trial_id',
  ConfirmEmail: '/confirm-email/:token',
  ImportSession: '/import-session',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Fills a route's parameters: routePath('Session', { id }) → '/session/<id>'. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name]
    .replace(/:([a-z_]+)\?/g, (_m, k: string) => (params[k] ? encodeURIComponent(params[k]) : ''))
    .replace(/:([a-z_]+)/g, (_m, k: string) => encodeURIComponent(params[k] ?? ''));
}
