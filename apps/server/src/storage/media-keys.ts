/**
 * Where media lives in storage. Session media sits under its session so that the media route can authorise
 * by session (owner or public) and permanent removal can delete a whole prefix.
 */
export const mediaKeys = {
  session: (sessionId: string) => `sessions/${sessionId}`,
  trial: (sessionId: string, trialId: string) => `sessions/${sessionId}/trials/${trialId}`,
  video: (sessionId: string, trialId: string, deviceId: string, ext: string) =>
    `sessions/${sessionId}/trials/${trialId}/videos/${deviceId}.${ext}`,
  /** A partial upload; named per upload so that a new upload never meets an old one's bytes. */
  upload: (sessionId: string, trialId: string, deviceId: string, uploadId: string) =>
    `sessions/${sessionId}/trials/${trialId}/uploads/${deviceId}.${uploadId}.part`,
  result: (sessionId: string, trialId: string, fileName: string) =>
    `sessions/${sessionId}/trials/${trialId}/results/${fileName}`,
  profilePicture: (userId: string, ext: string) => `users/${userId}/profile-picture.${ext}`,
  logo: (userId: string, ext: string) => `users/${userId}/logo.${ext}`,
  user: (userId: string) => `users/${userId}`,
  report: (userId: string, fileName: string) => `users/${userId}/reports/${fileName}`,
  /** Data archives (downloads): one folder per archive, one subfolder per job attempt. */
  archive: (archiveId: string) => `archives/${archiveId}`,
};

/** The session a media key belongs to, if any. */
export function sessionIdOfKey(key: string): string | null {
  const m = /^sessions\/([^/]+)\//.exec(key);
  return m ? m[1] : null;
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  json: 'application/json',
  mot: 'text/plain; charset=utf-8',
  trc: 'text/plain; charset=utf-8',
  osim: 'application/xml',
  zip: 'application/zip',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

export function contentTypeOfKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
