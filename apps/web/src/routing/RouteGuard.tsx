import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { authStore, isLoggedIn, useAuth } from '../auth/auth-store';
import { daysUntil, guardRedirect } from './guard';
import { routePath, type RouteName } from './route-names';

/** Applies the SPEC §2 guard to one route and renews the one-week auto-logout on each route change. */
export function RouteGuard({ name, children }: { name: RouteName; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const loggedIn = isLoggedIn(auth);

  useEffect(() => {
    if (auth.token && !loggedIn) authStore.clear();
    else if (loggedIn) authStore.touch();
    // Only route changes renew the window.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const target = guardRedirect(name, {
    loggedIn,
    verified: auth.verified,
    institutionalUse: auth.institutionalUse,
    licenseDaysLeft: daysUntil(auth.licenseEndDate),
    hasCurrentSession: Boolean(auth.currentSessionId),
  });
  if (target && target !== name) return <Navigate to={routePath(target)} replace />;
  return <>{children}</>;
}
