import { ACCOUNT_MESSAGES as M, SESSION_PAGE_SIZE, validSessionsEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { applyUserInfo, fetchOwnInfo, pathAfterVerify } from '../../auth/session';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';

/**
 * Once verified (SPEC §4): refresh the user info ('Error retrieving user info.' on failure), then License when
 * the intended use is empty or not permitted; otherwise the sessions are loaded, and if that fails the error
 * is shown and the user goes to ConnectDevices.
 */
export async function finishVerifiedLogin(): Promise<string> {
  try {
    void applyUserInfo(await fetchOwnInfo());
  } catch {
    toast.error(M.userInfoFailed);
  }
  const next = pathAfterVerify();
  if (next !== routePath('SelectSession')) return next;
  try {
    await apiCall(validSessionsEndpoint, { body: { start: 0, quantity: SESSION_PAGE_SIZE } });
    return next;
  } catch (err) {
    toast.error(errorText(err));
    return routePath('ConnectDevices');
  }
}
