import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES as M, NETWORK_ERROR_MESSAGE } from '@poselab/contract';
import { ApiError } from '../api/api-error';
import { routePath } from '../routing/route-names';
import { toast } from '../toast/toast';
import { authStore, isLoggedIn, useAuth } from './auth-store';
import { applyUserInfo, fetchOwnInfo, logout } from './session';

/**
 * SPEC §4 lifecycle, mounted once in the app shell: on start a stored verified, unexpired login is restored
 * and the user info fetched; the one-week auto-logout fires even when the page stays open. Only an answer
 * that the login is no longer valid (401, or another user's profile) logs out: without a network the stored
 * login stays and SPEC §8's network message shows, and other failures say so without ending the login.
 */
export function AuthLifecycle() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const s = authStore.get();
    if (!s.token) return;
    if (!isLoggedIn(s)) {
      authStore.clear();
      return;
    }
    if (!s.verified) return;
    fetchOwnInfo()
      .then(applyUserInfo)
      .catch(async (err: unknown) => {
        if (err instanceof ApiError && err.status === 0) {
          toast.error(NETWORK_ERROR_MESSAGE);
          return;
        }
        const loginInvalid = !(err instanceof ApiError) || err.status === 401;
        toast.error(M.userInfoFailed);
        if (!loginInvalid) return;
        await logout();
        queryClient.clear();
        navigate(routePath('Login'), { replace: true });
      });
  }, [navigate, queryClient]);

  useEffect(() => {
    if (!auth.token || !auth.validUntil) return;
    const ms = auth.validUntil - Date.now();
    const fire = async () => {
      await logout();
      queryClient.clear();
      navigate(routePath('Login'), { replace: true });
    };
    if (ms <= 0) {
      void fire();
      return;
    }
    const timer = setTimeout(() => void fire(), Math.min(ms, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [auth.token, auth.validUntil, navigate, queryClient]);

  return null;
}
