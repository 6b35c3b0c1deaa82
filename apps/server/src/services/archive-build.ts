import { createHash } from 'node:crypto';
import type { ArchivePayload, ArchiveVideoCopy, JobInput } from '@poselab/contract';
import type { AppDeps } from '../deps';
import {
  safeSegment,
  sessionArchiveContent,
  type ArchiveAudience,
  type ArchiveInputFile,
} from './archive-content';
import { sessionAudience, subjectSessions, type ArchiveScope } from './archive-access';

// Kept in archive-access.ts, which media access loads without this module (no import cycle).
export { sessionAudience, subjectSessions, type ArchiveScope };

export interface ArchiveContent {
  payload: Omit<ArchivePayload, 'archive_id' | 'created_at'>;
  inputs: JobInput[];
  files: Record<string, ArchiveInputFile>;
  /** Same hash, same archive: reused instead of made again. */
  hash: string;
}

export const archiveFileName = (scope: ArchiveScope) =>
  scope.kind === 'session'
    ? `OpenCapData_${safeSegment(scope.id)}.zip`
    : `subject_results_${safeSegment(scope.id)}.zip`;

/**
 * Builds the archive's description as of now (at request, to find a reusable one, and again at claim), with
 * the copy of the videos asked for (each session's own as far as the audience may have it).
 */
export async function buildArchiveContent(
  deps: AppDeps,
  scope: ArchiveScope,
  audience: ArchiveAudience,
  videos: ArchiveVideoCopy,
): Promise<ArchiveContent> {
  const sessions =
    scope.kind === 'session'
      ? [(await sessionAudience(deps, scope.id, audience.viewerId)).session]
      : await subjectSessions(deps, scope.id, audience.viewerId ?? '');
  const parts = [];
  for (const s of sessions) parts.push(await sessionArchiveContent(deps, s, { audience, videos }));
  const inputs = new Map<string, JobInput>();
  for (const p of parts) for (const i of p.inputs) inputs.set(i.id, i);
  const payload: ArchiveContent['payload'] = {
    root: scope.kind === 'subject' ? `OpenCapData_Subject_${safeSegment(scope.id)}` : null,
    file_name: archiveFileName(scope),
    with_videos: parts.length > 0 && parts.every((p) => p.videos !== 'none'),
    sessions: parts.map((p) => p.session),
  };
  const hash = createHash('sha256')
    .update(JSON.stringify([audience.kind, payload, [...inputs.keys()]]))
    .digest('hex');
  return {
    payload,
    inputs: [...inputs.values()],
    files: Object.assign({}, ...parts.map((p) => p.files)),
    hash,
  };
}
