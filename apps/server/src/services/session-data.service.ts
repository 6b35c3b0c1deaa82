import {
  RESERVED_TRIAL_NAMES,
  sessionPage,
  type ParsedBody,
  type Session,
  type SessionPage,
  type SessionSummary,
  type validSessionsEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { notFound, unauthorized, conflict } from '../http/http-error';
import { SessionRepository, type SessionListRow, type SessionRow } from '../repositories/session.repository';
import { SubjectRepository } from '../repositories/subject.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { DeviceRepository } from '../repositories/device.repository';
import { RemovalService } from './removal.service';
import { NO_DATA_NOT_PUBLIC, sharesNoData } from './data-sharing';
import { sessionDto } from './session-dto';
import { sessionPageCache } from './session-page-cache';

type ValidBody = ParsedBody<typeof validSessionsEndpoint>;
/** Form 1 of the list call: a page of the user's sessions. */
export type PageBody = Exclude<ValidBody, { skip_no_trials: unknown }>;

function parseMeta(text: string): SessionSummary['meta'] {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as SessionSummary['meta']) : {};
  } catch {
    return {};
  }
}

export function sessionSummaryDto(r: SessionListRow): SessionSummary {
  return {
    id: r.id,
    user: r.user_id,
    subject_id: r.subject_id,
    name: r.subject_name,
    created_at: r.created_at,
    updated_at: r.updated_at,
    trials_count: r.trials_count,
    public: r.public === 1,
    trashed: r.trashed === 1,
    trashed_at: r.trashed_at,
    meta: parseMeta(r.meta),
  };
}

/** The signed-in user's sessions: lists, reading, the public flag, rename and the trash cycle. */
export class SessionDataService {
  private readonly repo: SessionRepository;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SessionRepository(deps.db);
  }

  /** The user's session (permanently removed shells excluded), else 404 — never 403. */
  async owned(id: string, userId: string): Promise<SessionRow> {
    const s = await this.repo.findOwned(id, userId);
    if (!s || s.removed_at) throw notFound();
    return s;
  }

  /** Readable: the owner's, or a public session that is not in the recycle bin. */
  async readable(id: string, viewerId: string | null): Promise<SessionRow> {
    const s = await this.repo.findById(id);
    if (!s || s.removed_at) throw notFound();
    if (s.user_id === viewerId || (s.public === 1 && s.trashed === 0 && !sharesNoData(s))) return s;
    throw notFound();
  }

  /**
   * Form 1 as JSON text, validated against the contract when built and then reused until the user's list
   * version changes (see session-page-cache.ts).
   */
  async validPageJson(viewerId: string | null, body: PageBody): Promise<string> {
    if (!viewerId) throw unauthorized();
    const cache = sessionPageCache(this.deps);
    const build = async () => JSON.stringify(sessionPage.encode(await this.page(viewerId, body)));
    if (!cache) return build();
    const version = await this.repo.listVersion(viewerId);
    const key = JSON.stringify([viewerId, version, body]);
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const json = await build();
    cache.set(key, json);
    return json;
  }

  private async page(viewerId: string, body: PageBody): Promise<SessionPage> {
    const { rows, total } = await this.repo.listPage(this.deps.dialect, viewerId, {
      start: body.start,
      quantity: body.quantity,
      includeTrashed: body.include_trashed,
      onlyTrashed: body.only_trashed ?? false,
      subjectId: body.subject_id,
      search: body.search?.trim() || undefined,
      sort: body.sort,
      sortDesc: body.sort_desc,
    });
    return { sessions: rows.map(sessionSummaryDto), total };
  }

  /** Form 2: a subject's sessions with trials; skip_no_trials keeps sessions with a finished movement trial. */
  async ofSubject(
    viewerId: string | null,
    body: { subject_id: string | null; skip_no_trials: boolean; public_session_id?: string },
  ): Promise<Session[]> {
    const rows = viewerId ? await this.repo.listOfSubject(viewerId, body.subject_id) : [];
    if (body.public_session_id && !rows.some((r) => r.id === body.public_session_id)) {
      const shared = await this.readable(body.public_session_id, viewerId).catch(() => null);
      if (shared) rows.push(shared);
    }
    const subjects = new SubjectRepository(this.deps.db);
    const out: Session[] = [];
    for (const s of rows) {
      const dto = await sessionDto(this.deps, s, {
        viewerId,
        includeTrashedTrials: false,
        subjectName: await subjects.nameOf(s.subject_id),
      });
      const movement = dto.trials.filter(
        (t) => t.status === 'done' && !(RESERVED_TRIAL_NAMES as readonly string[]).includes(t.name),
      );
      if (!body.skip_no_trials || movement.length > 0) out.push(dto);
    }
    return out;
  }

  async get(id: string, viewerId: string | null): Promise<Session> {
    const s = await this.readable(id, viewerId);
    return sessionDto(this.deps, s, {
      viewerId,
      includeTrashedTrials: true,
      subjectName: await new SubjectRepository(this.deps.db).nameOf(s.subject_id),
    });
  }

  async setPublic(id: string, userId: string, isPublic: boolean): Promise<Session> {
    const s = await this.owned(id, userId);
    if (isPublic && sharesNoData(s)) throw conflict(NO_DATA_NOT_PUBLIC);
    await this.repo.update(id, { public: isPublic ? 1 : 0, updated_at: this.now() });
    return this.get(id, userId);
  }

  async rename(id: string, userId: string, name: string): Promise<SessionSummary> {
    const s = await this.owned(id, userId);
    const meta = { ...parseMeta(s.meta), sessionName: name.trim() };
    await this.repo.update(id, { meta: JSON.stringify(meta), listed: 1, updated_at: this.now() });
    return this.summary(id, userId);
  }

  async trash(id: string, userId: string): Promise<SessionSummary> {
    const s = await this.owned(id, userId);
    if (s.trashed === 0) await this.repo.update(id, { trashed: 1, trashed_at: this.now() });
    // Its phones' tokens end with it (issue #19): a trashed session takes no recordings or uploads.
    await new DeviceRepository(this.deps.db).revokeTokensOfSession(id);
    return this.summary(id, userId);
  }

  async restore(id: string, userId: string): Promise<SessionSummary> {
    await this.owned(id, userId);
    await this.repo.update(id, { trashed: 0, trashed_at: null });
    return this.summary(id, userId);
  }

  async remove(id: string, userId: string): Promise<{ message: string }> {
    const s = await this.owned(id, userId);
    await new RemovalService(this.deps).purgeSession(s);
    return { message: 'Session deleted permanently.' };
  }

  private async summary(id: string, userId: string): Promise<SessionSummary> {
    const s = await this.owned(id, userId);
    const trials = await new TrialRepository(this.deps.db).listBySession(id);
    const subjectName = await new SubjectRepository(this.deps.db).nameOf(s.subject_id);
    return sessionSummaryDto({ ...s, subject_name: subjectName, trials_count: trials.length });
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
