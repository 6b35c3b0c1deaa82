import { useSyncExternalStore } from 'react';
import { TOKEN_LIFETIME_MS } from '@poselab/contract';

/** What the browser keeps about the signed-in user (SPEC §3 'Client storage'). */
export interface AuthState {
  token: string | null;
  /** Epoch ms after which the stored login is no longer valid (auto-logout, SPEC §4). */
  validUntil: number | null;
  verified: boolean;
  username: string | null;
  userId: string | null;
  institutionalUse: string | null;
  licenseStartDate: string | null;
  licenseEndDate: string | null;
  unit: 'metric' | 'imperial';
  /** Epoch ms at which this device was remembered for the 90-day window. */
  rememberDeviceAt: number | null;
  /** Device secret issued by verify with remember_device. */
  deviceSecret: string | null;
  allowSyncDownload: boolean;
  /** The session the capture wizard is working on. */
  currentSessionId: string | null;
}

const KEY = 'poselab.auth';
const EMPTY: AuthState = {
  token: null,
  validUntil: null,
  verified: false,
  username: null,
  userId: null,
  institutionalUse: null,
  licenseStartDate: null,
  licenseEndDate: null,
  unit: 'metric',
  rememberDeviceAt: null,
  deviceSecret: null,
  allowSyncDownload: false,
  currentSessionId: null,
};

function read(): AuthState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<AuthState>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state: AuthState = read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<AuthState>): void {
    state = { ...state, ...patch };
    localStorage.setItem(KEY, JSON.stringify(state));
    emit();
  },
  /** Logout: clears credentials but keeps the remembered-device secret, which belongs to the browser. */
  clear(): void {
    state = { ...EMPTY, rememberDeviceAt: state.rememberDeviceAt, deviceSecret: state.deviceSecret };
    localStorage.setItem(KEY, JSON.stringify(state));
    emit();
  },
  /** Auto-logout one week after each route change (SPEC §4). */
  touch(now = Date.now()): void {
    if (state.token) authStore.update({ validUntil: now + TOKEN_LIFETIME_MS });
  },
  /** Re-reads storage (another tab, or tests). */
  reload(): void {
    state = read();
    emit();
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

export function isLoggedIn(s: AuthState, now = Date.now()): boolean {
  return Boolean(s.token) && (s.validUntil === null || s.validUntil > now);
}
