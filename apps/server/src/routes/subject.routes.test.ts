import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBJECT_MESSAGES as M, type Subject, type SubjectList } from '@poselab/contract';
import { createUserWithToken } from '../test/fixtures';
import { seedSession, seedSubject } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-01T12:00:00Z'));
});
afterEach(async () => {
  await t.close();
});

const valid = {
  name: 'Jane',
  weight: 70,
  height: 1.8,
  birth_year: 1990,
  sex_at_birth: 'woman',
  gender: 'non-binary',
  characteristics: 'left ACL 2024',
  subject_tags: ['unimpaired'],
  terms: true,
};

const send = (method: 'GET' | 'POST' | 'PUT', url: string, authorization?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });

describe('subjects', () => {
  it('creates a subject with display names and updates it', async () => {
    const { authorization } = await createUserWithToken(t.deps);
    const res = await send('POST', '/subjects/', authorization, valid);
    expect(res.statusCode).toBe(200);
    const s = res.json<Subject>();
    expect(s).toMatchObject({
      name: 'Jane',
      weight: 70,
      height: 1.8,
      sex_display: 'Female',
      gender_display: 'Non-Binary/Non-Conforming',
      subject_tags: ['unimpaired'],
      terms: true,
      trashed: false,
      display_name: 'Jane (70 kg, 1.8 m)',
      display_name_imperial: `Jane (154.3 lbs, 5'11")`,
    });
    const put = await send('PUT', `/subjects/${s.id}/`, authorization, {
      ...valid,
      name: 'Janet',
      weight: 68.04,
    });
    expect(put.json<Subject>()).toMatchObject({ id: s.id, name: 'Janet', weight: 68.04 });
  });

  it('stores what an imperial user sent for 5\'6" and 150 lbs (1.6764 m, 68.04 kg)', async () => {
    const { authorization } = await createUserWithToken(t.deps, { unit: 'imperial' });
    const res = await send('POST', '/subjects/', authorization, { ...valid, weight: 68.04, height: 1.6764 });
    expect(res.json<Subject>()).toMatchObject({
      weight: 68.04,
      height: 1.6764,
      display_name_imperial: `Jane (150 lbs, 5'6")`,
    });
  });

  it('answers 400 with field errors for name, weight, height and birth_year (metric user)', async () => {
    const { authorization } = await createUserWithToken(t.deps);
    const res = await send('POST', '/subjects/', authorization, {
      ...valid,
      name: ' ',
      weight: 250,
      height: 0.05,
      birth_year: 2027,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: [M.required],
      weight: [M.weightMaxKg],
      height: [M.heightMinM],
      birth_year: [M.birthYearFuture],
    });
    const low = await send('POST', '/subjects/', authorization, {
      ...valid,
      weight: 0.5,
      height: 3.5,
      birth_year: 1899,
    });
    expect(low.json().errors).toEqual({
      weight: [M.weightMinKg],
      height: [M.heightMaxM],
      birth_year: [M.birthYearBefore1900],
    });
  });

  it('answers in imperial limits and messages for an imperial user', async () => {
    const { authorization } = await createUserWithToken(t.deps, { unit: 'imperial' });
    const res = await send('POST', '/subjects/', authorization, { ...valid, weight: 230, height: 3.1 });
    expect(res.json().errors).toEqual({ weight: [M.weightMaxLb], height: [M.heightMaxFt] });
    const low = await send('POST', '/subjects/', authorization, { ...valid, weight: 2, height: 0.08 });
    expect(low.json().errors).toEqual({ weight: [M.weightMinLb], height: [M.heightMinFt] });
  });

  it('requires a subject tag, the consent, and the required fields', async () => {
    const { authorization } = await createUserWithToken(t.deps);
    const res = await send('POST', '/subjects/', authorization, { ...valid, subject_tags: [], terms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      subject_tags: [
        "You must add at least one subject tag. For subjects with no conditions, select 'Unimpaired'.",
      ],
      terms: ['The subject must agree to continue!'],
    });
    const empty = await send('POST', '/subjects/', authorization, {});
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      'birth_year',
      'height',
      'name',
      'subject_tags',
      'terms',
      'weight',
    ]);
    const badSex = await send('POST', '/subjects/', authorization, { ...valid, sex_at_birth: 'robot' });
    expect(badSex.statusCode).toBe(400);
  });

  it('lists with paging, search, sort, quantity -1, include_trashed and session_id', async () => {
    const u = await createUserWithToken(t.deps);
    const names = ['Alice', 'bob', 'Carol', 'Dave', 'Eve'];
    const ids: string[] = [];
    for (const name of names) ids.push(await seedSubject(t.deps, u.user.id, { name }));
    await seedSubject(t.deps, u.user.id, { name: 'Old', trashed_at: t.deps.clock.now().toISOString() });
    const page = (
      await send('GET', '/subjects/?start=0&quantity=2&sort=name', u.authorization)
    ).json<SubjectList>();
    expect(page.total).toBe(5);
    expect(page.subjects.map((s) => s.name)).toEqual(['Alice', 'bob']);
    const all = (
      await send('GET', '/subjects/?quantity=-1&sort_desc=true', u.authorization)
    ).json<SubjectList>();
    expect(all.subjects).toHaveLength(5);
    const search = (
      await send('GET', '/subjects/?search=AR&quantity=-1', u.authorization)
    ).json<SubjectList>();
    expect(search.subjects.map((s) => s.name)).toEqual(['Carol']);
    const withTrashed = (
      await send('GET', '/subjects/?quantity=-1&include_trashed=true', u.authorization)
    ).json<SubjectList>();
    expect(withTrashed.total).toBe(6);
    const session = await seedSession(t.deps, u.user.id, { subjectId: ids[4] });
    const bySession = (
      await send('GET', `/subjects/?quantity=1&sort=name&session_id=${session}`, u.authorization)
    ).json<SubjectList>();
    expect(bySession.subjects.map((s) => s.name)).toEqual(['Eve', 'Alice']);
  });

  it('trash, restore, permanent_remove (sessions keep going without a subject), tags', async () => {
    const u = await createUserWithToken(t.deps);
    const id = await seedSubject(t.deps, u.user.id);
    const session = await seedSession(t.deps, u.user.id, { subjectId: id });
    expect((await send('POST', `/subjects/${id}/trash/`, u.authorization)).json<Subject>().trashed).toBe(
      true,
    );
    expect((await send('POST', `/subjects/${id}/restore/`, u.authorization)).json<Subject>().trashed).toBe(
      false,
    );
    expect((await send('GET', `/subject-tags/${id}/get_tags_subject/`, u.authorization)).json()).toEqual([
      { id, tag: 'unimpaired' },
    ]);
    expect((await send('POST', `/subjects/${id}/permanent_remove/`, u.authorization)).statusCode).toBe(200);
    const list = (await send('GET', '/subjects/?include_trashed=true', u.authorization)).json<SubjectList>();
    expect(list.total).toBe(0);
    const s = (await send('GET', `/sessions/${session}/`, u.authorization)).json();
    expect(s.subject_id).toBeNull();
  });

  it('answers 404 to another user for every subject id call and lists nothing of theirs', async () => {
    const owner = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    const id = await seedSubject(t.deps, owner.user.id);
    const calls: Array<['GET' | 'POST' | 'PUT', string, object | undefined]> = [
      ['PUT', `/subjects/${id}/`, valid],
      ['POST', `/subjects/${id}/trash/`, undefined],
      ['POST', `/subjects/${id}/restore/`, undefined],
      ['POST', `/subjects/${id}/permanent_remove/`, undefined],
      ['GET', `/subject-tags/${id}/get_tags_subject/`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, other.authorization, body)).statusCode, url).toBe(404);
    }
    expect((await send('GET', '/subjects/', other.authorization)).json()).toEqual({ subjects: [], total: 0 });
    expect((await send('GET', '/subjects/', undefined)).statusCode).toBe(401);
  });
});
