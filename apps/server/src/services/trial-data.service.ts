import {
  BUSY_TRIAL_STATUSES,
  MESSAGES,
  TRIAL_MESSAGES,
  trialNameError,
  type ItemTag,
  type Trial,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../http/http-error';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { RemovalService } from './removal.service';
import { SessionDataService } from './session-data.service';
import { loadTrialDto } from './session-dto';

const SPECIAL = ['neutral', 'calibration'];

function parseTags(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Trials of the user's sessions: reading (public sessions too), rename, tags and the trash cycle. */
export class TrialDataService {
  private readonly repo: TrialRepository;
  private readonly sessions: SessionDataService;
  constructor(private readonly deps: AppDeps) {
    this.repo = new TrialRepository(deps.db);
    this.sessions = new SessionDataService(deps);
  }

  private async owned(id: string, userId: string): Promise<TrialRow> {
    const t = await this.repo.findById(id);
    if (!t) throw notFound();
    await this.sessions.owned(t.session_id, userId);
    return t;
  }

  /** Owner sees every trial; others only non-trashed trials of a public session. */
  private async readable(id: string, viewerId: string | null): Promise<TrialRow> {
    const t = await this.repo.findById(id);
    if (!t) throw notFound();
    const s = await this.sessions.readable(t.session_id, viewerId);
    if (s.user_id !== viewerId && t.trashed === 1) throw notFound();
    return t;
  }

  async get(id: string, viewerId: string | null): Promise<Trial> {
    return loadTrialDto(this.deps, await this.readable(id, viewerId), viewerId);
  }

  private assertEditable(t: TrialRow): void {
    if (BUSY_TRIAL_STATUSES.includes(t.status)) throw conflict(TRIAL_MESSAGES.busy);
  }

  async rename(id: string, userId: string, newName: string): Promise<Trial> {
    const t = await this.owned(id, userId);
    if (SPECIAL.includes(t.name)) throw badRequest(TRIAL_MESSAGES.specialTrial);
    this.assertEditable(t);
    const name = newName.trim();
    const error = trialNameError(name);
    if (error) throw badRequest(error, { trialNewName: [error] });
    const others = await this.repo.namesInSession(t.session_id, t.id);
    if (others.includes(name)) {
      throw badRequest(MESSAGES.uniqueTrialName, { trialNewName: [MESSAGES.uniqueTrialName] });
    }
    await this.repo.update(id, { name, updated_at: this.now() });
    return this.get(id, userId);
  }

  async setTags(id: string, userId: string, tags: string[]): Promise<Trial> {
    const t = await this.owned(id, userId);
    this.assertEditable(t);
    const clean = [...new Set(tags.map((x) => x.trim()).filter(Boolean))];
    await this.repo.update(id, { tags: JSON.stringify(clean), updated_at: this.now() });
    return this.get(id, userId);
  }

  async trash(id: string, userId: string): Promise<Trial> {
    const t = await this.owned(id, userId);
    if (t.trashed === 0) await this.repo.update(id, { trashed: 1, trashed_at: this.now() });
    return this.get(id, userId);
  }

  async restore(id: string, userId: string): Promise<Trial> {
    await this.owned(id, userId);
    await this.repo.update(id, { trashed: 0, trashed_at: null });
    return this.get(id, userId);
  }

  async remove(id: string, userId: string): Promise<{ message: string }> {
    const t = await this.owned(id, userId);
    const removal = new RemovalService(this.deps);
    if (await removal.isProtectedCalibration(t)) throw conflict(TRIAL_MESSAGES.calibrationInUse);
    await removal.deleteTrial(t);
    return { message: 'Trial deleted permanently.' };
  }

  async tags(id: string, viewerId: string | null): Promise<ItemTag[]> {
    const t = await this.readable(id, viewerId);
    return parseTags(t.tags).map((tag) => ({ id: t.id, tag }));
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
