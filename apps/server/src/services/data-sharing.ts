import { DATA_SHARING_CHOICES, type ArchiveVideoCopy } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { ResultRepository } from '../repositories/result.repository';
import type { SessionRow } from '../repositories/session.repository';
import { parseSessionMeta } from './job-spec';

/**
 * The subject's data sharing choice (SPEC §9) and what it lets leave the owner (issue #27). Only this module
 * and media-access.service.ts read the choice for access; every way out (public session, share token,
 * dashboards, archives, report PDFs, media URLs) asks media-access.service.ts.
 */
export const [IDENTIFIED_VIDEOS, DEIDENTIFIED_VIDEOS, PROCESSED_DATA_ONLY, NO_DATA] = DATA_SHARING_CHOICES;

/** Which copy of the identifying media (videos, synced videos, calibration and neutral images) a caller gets. */
export type VideoCopy = ArchiveVideoCopy;

const COPY_RANK: Record<VideoCopy, number> = { none: 0, deidentified: 1, original: 2 };
/** The lesser of two copies (original > de-identified > none): what a caller allowed `b` gets asking `a`. */
export const lesserCopy = (a: VideoCopy, b: VideoCopy): VideoCopy => (COPY_RANK[a] <= COPY_RANK[b] ? a : b);

/**
 * The choice in force: the one recorded with the neutral pose, replaced by a later change in the session's
 * settings (setMetadata writes both). Null for sessions recorded without one.
 */
export function dataSharingOf(session: SessionRow): string | null {
  const meta = parseSessionMeta(session);
  const subject = (meta.subject ?? {}) as Record<string, unknown>;
  const choice = subject.data_sharing ?? meta.settings?.data_sharing;
  return typeof choice === 'string' && choice ? choice : null;
}

/**
 * What others than the owner get: identified → originals; de-identified → only the blurred copies;
 * processed data only or no data → no video or image at all. A session without a recorded choice (made
 * before the neutral step asked for one; the app cannot record a neutral pose without it) keeps what it gave
 * before: the originals of a session its owner made public.
 */
export function visitorVideoCopy(session: SessionRow): VideoCopy {
  const choice = dataSharingOf(session);
  if (choice === IDENTIFIED_VIDEOS || choice === null) return 'original';
  if (choice === DEIDENTIFIED_VIDEOS) return 'deidentified';
  return 'none';
}

/** Why a session cannot be made public, and where to change it (shown by the web app's dialogs too). */
export const NO_DATA_NOT_PUBLIC =
  "The subject chose 'Share no data': this session cannot be made public and its subject cannot be shared. Change the data sharing choice in the session's neutral pose step first.";

/** 'Share no data': the session cannot be public and its subject cannot be shared. */
export function sharesNoData(session: SessionRow): boolean {
  return dataSharingOf(session) === NO_DATA;
}

/** Result tags showing the subject as recorded, and their blurred counterparts (made by the worker). */
export const IDENTIFYING_TAGS: readonly string[] = ['video-sync', 'calibration-img', 'neutral-img'];
export const DEIDENTIFIED_TAGS: Readonly<Record<string, string>> = {
  'video-sync': 'video-sync-deidentified',
};
/** The blurred copy of a trial's raw video (per device). */
export const DEIDENTIFIED_VIDEO_TAG = 'video-deidentified';
const BLURRED = new Set<string>([DEIDENTIFIED_VIDEO_TAG, ...Object.values(DEIDENTIFIED_TAGS)]);

/** Whether a result with this tag may go to a caller who gets `copy`. */
export function resultAllowed(tag: string, copy: VideoCopy): boolean {
  if (IDENTIFYING_TAGS.includes(tag)) return copy === 'original';
  if (BLURRED.has(tag)) return copy !== 'none';
  return true;
}

const VIDEO_KEY = /^sessions\/[^/]+\/trials\/[^/]+\/videos\//;
const RESULT_KEY = /^sessions\/[^/]+\/trials\/[^/]+\/results\//;

/**
 * Whether the subject's choice lets this stored key of the session go to someone other than the owner (the
 * other rules — public, trashed, share grant — are checked beside it): nothing under 'no data'; raw videos
 * only under 'identified'; results by their tag (resultAllowed).
 */
export async function choiceAllowsKey(deps: AppDeps, session: SessionRow, key: string): Promise<boolean> {
  if (sharesNoData(session)) return false;
  return copyAllowsKey(deps, visitorVideoCopy(session), key);
}

/** Whether a stored key of a session may go to a caller who gets `copy` (raw videos only as originals). */
export async function copyAllowsKey(deps: AppDeps, copy: VideoCopy, key: string): Promise<boolean> {
  if (VIDEO_KEY.test(key)) return copy === 'original';
  if (RESULT_KEY.test(key)) {
    const result = await new ResultRepository(deps.db).findByStorageKey(key);
    return Boolean(result && resultAllowed(result.tag, copy));
  }
  return true;
}

/** When the choice was last changed (archives made for visitors before it no longer open). */
export function dataSharingChangedAt(session: SessionRow): string | null {
  const at = (parseSessionMeta(session) as Record<string, unknown>).data_sharing_changed_at;
  return typeof at === 'string' ? at : null;
}

/**
 * A trial's videos and results as a caller who gets `copy` sees them, with the stored key each one's URL is
 * made from: under 'de-identified' the raw videos and the synced videos keep their place (the web app finds
 * them by tag and device) but point at the blurred copies, and a video without a blurred copy is left out;
 * under 'none' every video and image is left out.
 */
export function mediaForCopy<V extends { device_id: string; storage_key: string }, R extends ResultLike>(
  videos: V[],
  results: R[],
  copy: VideoCopy,
): { videos: Array<{ row: V; key: string }>; results: Array<{ row: R; key: string | null }> } {
  if (copy === 'original')
    return {
      videos: videos.map((row) => ({ row, key: row.storage_key })),
      results: results.map((row) => ({ row, key: row.storage_key })),
    };
  const blurredOf = (tag: string, deviceId: string | null) =>
    results.find((r) => r.tag === tag && r.device_id === deviceId && r.storage_key)?.storage_key ?? null;
  const outVideos: Array<{ row: V; key: string }> = [];
  if (copy === 'deidentified')
    for (const row of videos) {
      const key = blurredOf(DEIDENTIFIED_VIDEO_TAG, row.device_id);
      if (key) outVideos.push({ row, key });
    }
  const outResults: Array<{ row: R; key: string | null }> = [];
  for (const row of results) {
    if (BLURRED.has(row.tag)) continue;
    const blurredTag = DEIDENTIFIED_TAGS[row.tag];
    if (copy === 'deidentified' && blurredTag) {
      const key = blurredOf(blurredTag, row.device_id);
      if (key) outResults.push({ row, key });
    } else if (resultAllowed(row.tag, copy)) outResults.push({ row, key: row.storage_key });
  }
  return { videos: outVideos, results: outResults };
}

interface ResultLike {
  tag: string;
  device_id: string | null;
  storage_key: string | null;
}
