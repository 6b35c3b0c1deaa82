import { CircularProgress, Box } from '@mui/material';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppShell } from './layout/AppShell';
import { RouteGuard } from './routing/RouteGuard';
import { ROUTES, type RouteName } from './routing/route-names';

// Pages load lazily so the login route stays small; three.js and charts load only on their pages.
const pages: Record<RouteName, LazyExoticComponent<ComponentType>> = {
  Login: lazy(() => import('./features/auth/LoginPage')),
  Verify: lazy(() => import('./features/auth/VerifyPage')),
  License: lazy(() => import('./features/auth/LicensePage')),
  Register: lazy(() => import('./features/auth/RegisterPage')),
  ResetPassword: lazy(() => import('./features/auth/ResetPasswordPage')),
  NewPassword: lazy(() => import('./features/auth/NewPasswordPage')),
  ProfilePage: lazy(() => import('./features/profile/ProfilePage')),
  SelectSession: lazy(() => import('./features/sessions/SelectSessionPage')),
  Subjects: lazy(() => import('./features/subjects/SubjectsPage')),
  RecycleBin: lazy(() => import('./features/recycle-bin/RecycleBinPage')),
  Downloads: lazy(() => import('./features/downloads/DownloadsPage')),
  ConnectDevices: lazy(() => import('./features/capture-wizard/ConnectDevicesPage')),
  ConnectDevicesForId: lazy(() => import('./features/capture-wizard/ConnectDevicesPage')),
  Calibration: lazy(() => import('./features/capture-wizard/CalibrationPage')),
  Neutral: lazy(() => import('./features/capture-wizard/NeutralPage')),
  Session: lazy(() => import('./features/session-view/SessionPage')),
  TrialViewer: lazy(() => import('./features/session-view/TrialViewerPage')),
  Dashboard: lazy(() => import('./features/charts/DashboardPage')),
  AnalysisDashboard: lazy(() => import('./features/analysis/AnalysisDashboardPage')),
  ConfirmEmail: lazy(() => import('./features/profile/ConfirmEmailPage')),
  ImportSession: lazy(() => import('./features/import-session/ImportSessionPage')),
};

function Loading() {
  const { t } = useTranslation('layout');
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', p: 6 }}
      role="progressbar"
      aria-label={t('loading')}
    >
      <CircularProgress />
    </Box>
  );
}

function guarded(name: RouteName, path: string): RouteObject {
  const PageComponent = pages[name];
  return {
    path,
    element: (
      <RouteGuard name={name}>
        <Suspense fallback={<Loading />}>
          <PageComponent />
        </Suspense>
      </RouteGuard>
    ),
  };
}

/** Extra paths of SPEC §2 that share a route name. */
const ALIASES: Array<[RouteName, string]> = [
  ['SelectSession', '/'],
  ['Calibration', '/calibration'],
  ['Neutral', '/neutral'],
  ['Session', '/session'],
];

/** Wizard step names of SPEC §2 (Step1..Step5) as paths. */
const STEPS: Array<[string, string]> = [
  ['/step1', ROUTES.ConnectDevices],
  ['/step2', '/calibration'],
  ['/step3', '/neutral'],
  ['/step4', '/neutral'],
  ['/step5', '/session'],
];

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      ...(Object.keys(ROUTES) as RouteName[]).map((name) => guarded(name, ROUTES[name])),
      ...ALIASES.map(([name, path]) => guarded(name, path)),
      ...STEPS.map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      // Unknown routes go to SelectSession (whose guard sends anonymous visitors to Login).
      { path: '*', element: <Navigate to={ROUTES.SelectSession} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
