import { API_BASE } from '../../api/client';
import { ApiError } from '../../api/api-error';
import { authStore } from '../../auth/auth-store';
import { i18n } from '../../i18n';

/** Fetches a file with the stored token and hands it to the browser as a download. */
export async function downloadWithToken(path: string, fileName: string): Promise<void> {
  const token = authStore.get().token;
  const res = await fetch(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? i18n.t('subjects:downloadFailed', { status: res.status }));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
