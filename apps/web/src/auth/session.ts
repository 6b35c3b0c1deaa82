import {
  checkOtpVerifiedEndpoint,
  getUserInfoEndpoint,
  loginEndpoint,
  logoutEndpoint,
  NOT_PERMITTED_USES,
  REMEMBER_DEVICE_MS,
  TOKEN_LIFETIME_MS,
  type OwnProfile,
} from '@poselab/contract';
import { apiCall } from '../api/client';
import { isLanguage, setLanguage } from '../i18n';
import { routePath } from '../routing/route-names';
import { authStore, type AuthState } from './auth-store';

/** SPEC §4 login transitions: remembered device, Verify, License or the session list, logout, restore. */

export function rememberedDeviceValid(s: AuthState = authStore.get(), now = Date.now()): boolean {
  return Boolean(s.deviceSecret && s.rememberDeviceAt && now - s.rememberDeviceAt < REMEMBER_DEVICE_MS);
}

/** Empty or not-permitted intended use forces the License page (SPEC §2, §4). */
export function needsLicense(use: string | null | undefined): boolean {
  return !use || NOT_PERMITTED_USES.includes(use);
}

/** Where a verified user goes next. */
export function pathAfterVerify(s: AuthState = authStore.get()): string {
  return needsLicense(s.institutionalUse) ? routePath('License') : routePath('SelectSession');
}

const REMEMBER_REQUEST_KEY = 'poselab.rememberRequested';

/** The Login checkbox's choice, carried to Verify (where the server issues the device secret). */
export const rememberRequest = {
  set(on: boolean): void {
    if (on) sessionStorage.setItem(REMEMBER_REQUEST_KEY, '1');
    else sessionStorage.removeItem(REMEMBER_REQUEST_KEY);
  },
  get(): boolean {
    return sessionStorage.getItem(REMEMBER_REQUEST_KEY) === '1';
  },
};

export type LoginOutcome =
  /** Go to Verify; skipReset: the code check is pending but must not be re-sent (SPEC §4). */
  | { next: 'verify'; skipReset: boolean }
  /** A remembered device: the code check is already verified. */
  | { next: 'verified'; path: string };

export async function login(
  username: string,
  password: string,
  rememberDevice: boolean,
): Promise<LoginOutcome> {
  const remembered = rememberedDeviceValid();
  const res = await apiCall(loginEndpoint, {
    body: {
      username,
      password,
      ...(remembered ? { remember_device_secret: authStore.get().deviceSecret! } : {}),
    },
  });
  authStore.update({
    token: res.token,
    validUntil: Date.now() + TOKEN_LIFETIME_MS,
    verified: false,
    username: res.username,
    userId: res.user_id,
    institutionalUse: res.institutional_use,
    licenseStartDate: res.license_start_date,
    licenseEndDate: res.license_end_date,
    unit: res.unit,
  });
  rememberRequest.set(!remembered && rememberDevice);
  if (remembered) {
    const check = await apiCall(checkOtpVerifiedEndpoint);
    if (check.otp_verified) {
      authStore.update({ verified: true });
      return { next: 'verified', path: pathAfterVerify() };
    }
    // The server no longer knows this device: its code went out with the login, so Verify must not re-send.
    return { next: 'verify', skipReset: true };
  }
  return { next: 'verify', skipReset: false };
}

/**
 * Copies the user info (license dates, unit, intended use) into storage, and switches the UI to the
 * profile's language (chosen at registration, changed on the profile page).
 */
export function applyUserInfo(info: OwnProfile): Promise<void> {
  // Returned so that a caller can wait for the language's catalogue before it shows a message (issue #29).
  const switched = isLanguage(info.language) ? setLanguage(info.language) : Promise.resolve();
  authStore.update({
    username: info.username,
    userId: info.user_id,
    institutionalUse: info.institutional_use,
    licenseStartDate: info.license_start_date,
    licenseEndDate: info.license_end_date,
    unit: info.unit,
  });
  return switched;
}

/** Fetches the signed-in user's own profile; throws when the answer is not one's own. */
export async function fetchOwnInfo(): Promise<OwnProfile> {
  const username = authStore.get().username;
  if (!username) throw new Error('Not logged in.');
  const info = await apiCall(getUserInfoEndpoint, { body: { username } });
  if (!info.is_own || !('user_id' in info)) throw new Error('The stored login is no longer valid.');
  return info as OwnProfile;
}

/** Revokes the token (best effort) and clears the stored login; the remembered device stays. */
export async function logout(): Promise<void> {
  if (authStore.get().token) {
    try {
      await apiCall(logoutEndpoint);
    } catch {
      // An expired or revoked token is logged out already.
    }
  }
  authStore.clear();
  rememberRequest.set(false);
}
