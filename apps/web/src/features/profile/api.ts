import { useQuery } from '@tanstack/react-query';
import {
  getAppConfigurationEndpoint,
  getUserInfoEndpoint,
  type OwnProfile,
  type UserInfo,
} from '@poselab/contract';
import { apiCall } from '../../api/client';

export const userInfoKey = (username: string) => ['user-info', username.toLowerCase()] as const;
export const appConfigurationKey = ['app-configuration'] as const;

export function useUserInfo(username: string, viewerToken: string | null, enabled = true) {
  return useQuery({
    enabled: enabled && Boolean(username),
    // The answer differs for the owner (every field) and others (public fields), so the viewer is in the key.
    queryKey: [...userInfoKey(username), viewerToken ? 'signed-in' : 'anonymous'],
    queryFn: () => apiCall(getUserInfoEndpoint, { body: { username } }),
  });
}

export function isOwnProfile(info: UserInfo): info is OwnProfile {
  return info.is_own && 'email' in info;
}

export function useAppConfiguration(enabled: boolean) {
  return useQuery({
    queryKey: appConfigurationKey,
    queryFn: () => apiCall(getAppConfigurationEndpoint),
    enabled,
    staleTime: 60_000,
  });
}

/** Posts a multipart form to an upload endpoint through the typed client. */
export function formWith(entries: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}
