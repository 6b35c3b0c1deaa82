import type { Session, Trial, TrialResult, TrialStatus } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { mediaUrl, type MediaViewer, viewerOf } from './media-access.service';
import { trialMetaDto } from './trial-meta';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { mediaForCopy, sharesNoData, visitorVideoCopy, type VideoCopy } from './data-sharing';
import {
  TrialRepository,
  type ResultRow,
  type TrialRow,
  type VideoRow,
} from '../repositories/trial.repository';

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function resultDto(deps: AppDeps, r: ResultRow, key: string | null, viewer: MediaViewer): TrialResult {
  const meta = parseJson<Record<string, unknown>>(r.meta, {});
  const indices = meta.indices as { start: number; end: number } | undefined;
  return {
    id: r.id,
    tag: r.tag,
    media: key ? mediaUrl(deps, key, viewer) : null,
    trial_id: r.trial_id,
    device_id: r.device_id,
    indices: indices ?? null,
    meta,
  };
}

/** The copy of the videos this viewer gets of the session's trials (data-sharing.ts; the owner: originals). */
export async function videoCopyForViewer(
  deps: AppDeps,
  sessionId: string,
  viewer: MediaViewer,
): Promise<VideoCopy> {
  const session = await new SessionRepository(deps.db).findById(sessionId);
  if (!session) return 'none';
  if (viewer.kind === 'user' && viewer.userId === session.user_id) return 'original';
  return sharesNoData(session) ? 'none' : visitorVideoCopy(session);
}

/**
 * Builds SPEC's trial shape: videos and results carry media URLs signed for this viewer (null: anyone who
 * may see public data), which the media route honours only while the viewer may still read them. Others than
 * the owner get the copy the subject's data sharing choice allows (mediaForCopy).
 */
export async function trialDto(
  deps: AppDeps,
  t: TrialRow,
  videos: VideoRow[],
  results: ResultRow[],
  viewerOrId: string | null | MediaViewer,
): Promise<Trial> {
  const viewer = viewerOrId !== null && typeof viewerOrId === 'object' ? viewerOrId : viewerOf(viewerOrId);
  const shown = mediaForCopy(videos, results, await videoCopyForViewer(deps, t.session_id, viewer));
  return {
    id: t.id,
    name: t.name,
    status: t.status as TrialStatus,
    session: t.session_id,
    created_at: t.created_at,
    updated_at: t.updated_at,
    trashed: t.trashed === 1,
    trashed_at: t.trashed_at,
    tags: parseJson<string[]>(t.tags, []),
    videos: shown.videos.map(({ row: v, key }) => ({
      id: v.id,
      device_id: v.device_id,
      video: mediaUrl(deps, key, viewer),
      fps: v.fps,
      width: v.width,
      height: v.height,
      duration: v.duration_sec,
      start_time_ms: v.start_time_ms,
    })),
    results: shown.results.map(({ row, key }) => resultDto(deps, row, key, viewer)),
    progress_info: { percent: t.progress_percent, message: t.progress_message },
    meta: trialMetaDto(t.meta),
  };
}

/** Loads a trial's videos and results and maps it. */
export async function loadTrialDto(deps: AppDeps, t: TrialRow, viewerId: string | null): Promise<Trial> {
  const repo = new TrialRepository(deps.db);
  const [videos, results] = await Promise.all([repo.videosOf([t.id]), repo.resultsOf([t.id])]);
  return trialDto(deps, t, videos, results, viewerId);
}

/**
 * SPEC's session shape with its trials. `viewerId` decides owner-only fields: others (public sessions) get no
 * pairing QR and no trashed trials.
 */
export async function sessionDto(
  deps: AppDeps,
  s: SessionRow,
  opts: {
    viewerId: string | null;
    includeTrashedTrials?: boolean;
    subjectName?: string | null;
    qrcode?: string | null;
  },
): Promise<Session> {
  const isOwner = opts.viewerId === s.user_id;
  const repo = new TrialRepository(deps.db);
  const trials = await repo.listBySession(s.id, { includeTrashed: isOwner && opts.includeTrashedTrials });
  const ids = trials.map((t) => t.id);
  const [videos, results] = await Promise.all([repo.videosOf(ids), repo.resultsOf(ids)]);
  const trialDtos = await Promise.all(
    trials.map((t) =>
      trialDto(
        deps,
        t,
        videos.filter((v) => v.trial_id === t.id),
        results.filter((r) => r.trial_id === t.id),
        opts.viewerId,
      ),
    ),
  );
  return {
    id: s.id,
    user: s.user_id,
    is_owner: isOwner,
    subject: s.subject_id,
    subject_id: s.subject_id,
    name: opts.subjectName ?? null,
    qrcode: isOwner ? (opts.qrcode ?? null) : null,
    created_at: s.created_at,
    updated_at: s.updated_at,
    trials: trialDtos,
    trials_count: trialDtos.filter((t) => !t.trashed).length,
    public: s.public === 1,
    trashed: s.trashed === 1,
    trashed_at: s.trashed_at,
    meta: parseJson<Session['meta']>(s.meta, {}),
  };
}
