import { randomBytes, randomUUID } from 'node:crypto';
import {
  GENDER_OPTIONS,
  SEX_OPTIONS,
  subjectDisplayName,
  validateSubjectInput,
  type ItemTag,
  type ParsedBody,
  type ParsedQuery,
  type Subject,
  type createSubjectEndpoint,
  type listSubjectsEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import type { UserRow } from '../repositories/user.repository';
import { SessionRepository } from '../repositories/session.repository';
import { SubjectRepository, type SubjectRow } from '../repositories/subject.repository';

type SubjectInput = ParsedBody<typeof createSubjectEndpoint>;

function parseTags(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** SPEC §3 subject with display names in both unit systems. */
export function subjectDto(r: SubjectRow): Subject {
  return {
    id: r.id,
    name: r.name,
    weight: r.weight,
    height: r.height,
    birth_year: r.birth_year,
    sex_at_birth: r.sex_at_birth,
    gender: r.gender,
    sex_display: r.sex_at_birth ? (SEX_OPTIONS[r.sex_at_birth as keyof typeof SEX_OPTIONS] ?? '') : '',
    gender_display: r.gender ? (GENDER_OPTIONS[r.gender as keyof typeof GENDER_OPTIONS] ?? '') : '',
    subject_tags: parseTags(r.subject_tags),
    characteristics: r.characteristics,
    terms: r.terms === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
    share_token: r.share_token,
    trashed: r.trashed === 1,
    trashed_at: r.trashed_at,
    display_name: subjectDisplayName(r.name, r.weight, r.height, 'metric'),
    display_name_imperial: subjectDisplayName(r.name, r.weight, r.height, 'imperial'),
  };
}

/** Applies SPEC §5 in the user's unit system (limits and messages), storing the metric values sent. */
function checkedFields(deps: AppDeps, user: UserRow, body: SubjectInput) {
  const unit = user.unit === 'imperial' ? 'imperial' : 'metric';
  const result = validateSubjectInput(
    {
      name: body.name,
      weight: body.weight,
      height: body.height,
      birth_year: body.birth_year,
      subject_tags: body.subject_tags,
      terms: body.terms,
    },
    unit,
    deps.clock.now().getUTCFullYear(),
    { metricInput: true },
  );
  if (!result.value) {
    const first = Object.values(result.errors)[0]?.[0] ?? 'Invalid subject.';
    throw badRequest(first, result.errors as Record<string, string[]>);
  }
  return {
    ...result.value,
    sex_at_birth: body.sex_at_birth,
    gender: body.gender,
    characteristics: (body.characteristics ?? '').trim(),
    subject_tags: JSON.stringify(result.value.subject_tags),
    terms: 1,
  };
}

export class SubjectService {
  private readonly repo: SubjectRepository;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SubjectRepository(deps.db);
  }

  async owned(id: string, userId: string): Promise<SubjectRow> {
    const row = await this.repo.findOwned(id, userId);
    if (!row) throw notFound();
    return row;
  }

  async list(user: UserRow, q: ParsedQuery<typeof listSubjectsEndpoint>) {
    const { rows, total } = await this.repo.list(user.id, {
      start: q.start,
      quantity: q.quantity,
      search: q.search?.trim() || undefined,
      includeTrashed: q.include_trashed,
      sort: q.sort,
      sortDesc: q.sort_desc,
    });
    let subjects = rows;
    if (q.session_id) {
      const session = await new SessionRepository(this.deps.db).findOwned(q.session_id, user.id);
      if (session?.subject_id && !rows.some((r) => r.id === session.subject_id)) {
        const own = await this.repo.findOwned(session.subject_id, user.id);
        if (own) subjects = [own, ...rows];
      }
    }
    return { subjects: subjects.map(subjectDto), total };
  }

  async create(user: UserRow, body: SubjectInput): Promise<Subject> {
    const fields = checkedFields(this.deps, user, body);
    const now = this.deps.clock.now().toISOString();
    const id = randomUUID();
    await this.repo.insert({
      id,
      user_id: user.id,
      ...fields,
      share_token: randomBytes(16).toString('hex'),
      trashed: 0,
      trashed_at: null,
      created_at: now,
      updated_at: now,
    });
    return subjectDto(await this.owned(id, user.id));
  }

  async update(user: UserRow, id: string, body: SubjectInput): Promise<Subject> {
    await this.owned(id, user.id);
    const fields = checkedFields(this.deps, user, body);
    await this.repo.update(id, { ...fields, updated_at: this.deps.clock.now().toISOString() });
    return subjectDto(await this.owned(id, user.id));
  }

  async trash(userId: string, id: string): Promise<Subject> {
    const row = await this.owned(id, userId);
    if (row.trashed === 0) {
      await this.repo.update(id, { trashed: 1, trashed_at: this.deps.clock.now().toISOString() });
    }
    return subjectDto(await this.owned(id, userId));
  }

  async restore(userId: string, id: string): Promise<Subject> {
    await this.owned(id, userId);
    await this.repo.update(id, { trashed: 0, trashed_at: null });
    return subjectDto(await this.owned(id, userId));
  }

  /** Sessions of the subject stay, without a subject (the foreign key sets it to null). */
  async remove(userId: string, id: string): Promise<{ message: string }> {
    await this.owned(id, userId);
    await this.repo.delete(id);
    return { message: 'Subject deleted permanently.' };
  }

  async tags(userId: string, id: string): Promise<ItemTag[]> {
    const row = await this.owned(id, userId);
    return parseTags(row.subject_tags).map((tag) => ({ id: row.id, tag }));
  }
}
