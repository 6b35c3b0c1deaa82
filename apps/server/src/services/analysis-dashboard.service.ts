import {
  analysisResultTag,
  dashboardLayout,
  type AnalysisDashboard,
  type AnalysisDashboardSummary,
  type DashboardData,
  type DashboardGrantQuery,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import {
  AnalysisDashboardDataRepository,
  type AnalysedTrialFilter,
} from '../repositories/analysis-dashboard-data.repository';
import {
  AnalysisDashboardRepository,
  type AnalysisDashboardRow,
} from '../repositories/analysis-dashboard.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository, type ResultRow } from '../repositories/trial.repository';
import { mediaUrl, viewerOf, type MediaViewer } from './media-access.service';
import { trialDto } from './session-dto';
import { requireGrant, shareGrantOf } from './share-access';

/** How one caller sees a dashboard's data: which trials, and whom its media URLs are made for. */
interface DashboardView {
  filter: AnalysedTrialFilter;
  viewer: MediaViewer;
  isOwner: boolean;
}

function sessionName(meta: string): string {
  try {
    const v = JSON.parse(meta) as { sessionName?: unknown };
    return typeof v.sessionName === 'string' ? v.sessionName : '';
  } catch {
    return '';
  }
}

/** SPEC §7 analysis dashboards: the list, one dashboard, and its data for the owner, visitors and share links. */
export class AnalysisDashboardService {
  private readonly dashboards: AnalysisDashboardRepository;
  private readonly data: AnalysisDashboardDataRepository;
  constructor(private readonly deps: AppDeps) {
    this.dashboards = new AnalysisDashboardRepository(deps.db);
    this.data = new AnalysisDashboardDataRepository(deps.db);
  }

  async list(userId: string): Promise<AnalysisDashboardSummary[]> {
    const rows = await this.dashboards.listOfUser(userId);
    return rows.map((r) => ({ id: r.id, title: r.title, function: r.function_id }));
  }

  async get(id: string, viewerId: string | null, q: DashboardGrantQuery): Promise<AnalysisDashboard> {
    const row = await this.find(id);
    await this.view(row, viewerId, q);
    return {
      id: row.id,
      title: row.title,
      function: row.function_id,
      layout: dashboardLayout.parse(JSON.parse(row.layout)),
    };
  }

  async dataOf(id: string, viewerId: string | null, q: DashboardGrantQuery): Promise<DashboardData> {
    const row = await this.find(id);
    const view = await this.view(row, viewerId, q);
    // The newest result of each trial (results come oldest first).
    const latest = new Map<string, ResultRow>();
    for (const r of await this.data.analysedResults(view.filter)) latest.set(r.trial_id, r);
    const trialRows = await this.data.trials([...latest.keys()]);
    const sessionRows = await this.data.sessions([...new Set(trialRows.map((t) => t.session_id))]);
    const subjectIds = [...new Set(sessionRows.map((s) => s.subject_id).filter((s): s is string => !!s))];
    const subjectRows = await this.data.subjects(subjectIds);
    const trials = new TrialRepository(this.deps.db);
    const ids = trialRows.map((t) => t.id);
    const [videos, results] = await Promise.all([
      view.isOwner ? trials.videosOf(ids) : Promise.resolve([]),
      trials.resultsOf(ids),
    ]);
    const deps = this.deps;
    return {
      sessions: sessionRows.map((s) => ({
        id: s.id,
        subject_id: s.subject_id,
        name: sessionName(s.meta),
        created_at: s.created_at,
        public: s.public === 1,
        is_owner: s.user_id === viewerId,
      })),
      trials: await Promise.all(
        trialRows.map(async (t) => ({
          ...(await trialDto(
            deps,
            t,
            videos.filter((v) => v.trial_id === t.id),
            results.filter((r) => r.trial_id === t.id),
            view.viewer,
          )),
          session_id: t.session_id,
        })),
      ),
      subjects: subjectRows.map((s) => ({
        id: s.id,
        name: s.name,
        share_token: view.isOwner ? s.share_token : null,
      })),
      results: await Promise.all(
        [...latest.values()]
          .filter((r) => ids.includes(r.trial_id))
          .map(async (r) => ({
            id: r.id,
            trial_id: r.trial_id,
            tag: r.tag,
            media: r.storage_key ? mediaUrl(deps, r.storage_key, view.viewer) : null,
            created_at: r.created_at,
          })),
      ),
    };
  }

  private async find(id: string): Promise<AnalysisDashboardRow> {
    const row = await this.dashboards.findById(id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Who sees what (404 for anything else, the same as a missing dashboard): a share token opens its subject's
   * trials (even for the owner, so a link behaves the same for everyone); the owner sees all their analysed
   * trials, narrowed by subject_id / session_id; anyone sees a public session of the dashboard's owner.
   */
  private async view(
    row: AnalysisDashboardRow,
    viewerId: string | null,
    q: DashboardGrantQuery,
  ): Promise<DashboardView> {
    const base = { ownerId: row.user_id, tag: analysisResultTag(row.function_id) };
    const isOwner = viewerId === row.user_id;
    if (q.share_token !== undefined) {
      const grant = shareGrantOf(q);
      if (!grant) throw notFound();
      const subject = await requireGrant(this.deps, grant);
      if (subject.user_id !== row.user_id) throw notFound();
      return {
        filter: { ...base, subjectId: subject.id, sessionId: q.session_id },
        viewer: isOwner ? viewerOf(viewerId) : { kind: 'share', grant },
        isOwner,
      };
    }
    if (isOwner) {
      return {
        filter: { ...base, subjectId: q.subject_id, sessionId: q.session_id },
        viewer: viewerOf(viewerId),
        isOwner,
      };
    }
    if (q.session_id && !q.subject_id) {
      const s = await new SessionRepository(this.deps.db).findById(q.session_id);
      if (s && s.user_id === row.user_id && s.public === 1 && s.trashed === 0 && !s.removed_at) {
        return {
          filter: { ...base, sessionId: s.id, publicOnly: true },
          viewer: viewerOf(viewerId),
          isOwner,
        };
      }
    }
    throw notFound();
  }
}
