import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import {
  TEST_ORIGIN,
  buildTeacherApp,
  buildTestApp,
  dialects,
  getAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, inDays, join, setDeadline, submit } from '../../test/classroom';
import {
  DashboardLists,
  ENTRY_OVERHEAD_BYTES,
  ownBuffer,
  soonestUpcoming,
  type KeptList,
} from './dashboard-lists';
import { dashboardVersion } from './assignments.repository';

interface Card {
  code: string;
  title: string;
  description: string;
  teacherName: string;
  isPastDeadline: boolean;
  workStatus?: string;
}

// Dashboard lists are kept between requests while the user's dashboard version stands: every
// way a card can change must move it, and nothing else may answer a kept list.
describe.each(dialects)('dashboard lists kept between requests (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' })));
  afterAll(() => t.close());
  afterEach(() => void vi.useRealTimers());

  const cards = async (user: TestUser, app = t.app): Promise<Card[]> => {
    const res = await getAs({ app }, '/api/assignments', user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().assignments;
  };
  const version = (user: TestUser) => dashboardVersion(t.db.kysely, user.id);
  const patch = (code: string, payload: object, app = t.app) =>
    app.inject({
      method: 'PATCH',
      url: `/api/assignments/${code}`,
      headers: { cookie: teacher.cookie },
      payload,
    });

  it('answers a kept list while the version stands, and reads afresh once it moves', async () => {
    const student = await signUp(t, { role: 'student' });
    const code = await createAssignment(t, teacher, { title: 'Kept' });
    await join(t, student, code);
    expect((await cards(student)).map((c) => c.title)).toEqual(['Kept']);
    // Changed behind the triggers' back (the version put back): the kept list still answers,
    // which shows the version alone decides.
    const before = await version(student);
    await t.db.kysely
      .updateTable('assignment')
      .set({ title: 'Hidden' })
      .where('code', '=', code)
      .execute();
    expect(await version(student)).toBe(before + 1);
    await t.db.kysely
      .updateTable('dashboard_version')
      .set({ version: before })
      .where('user_id', '=', student.id)
      .execute();
    expect((await cards(student)).map((c) => c.title)).toEqual(['Kept']);
    // The same change made properly, even straight in the database, is seen at once.
    await t.db.kysely
      .updateTable('assignment')
      .set({ title: 'Seen' })
      .where('code', '=', code)
      .execute();
    expect((await cards(student)).map((c) => c.title)).toEqual(['Seen']);
  });

  it("sees every change to a card at once, and moves only the versions of the card's viewers", async () => {
    const student = await signUp(t, { role: 'student' });
    const bystander = await signUp(t, { role: 'student' });
    const code = await createAssignment(t, teacher, { title: 'Essay', deadline: inDays(3) });
    await cards(student);
    const untouched = await version(bystander);

    await join(t, student, code);
    expect(await cards(student)).toMatchObject([{ title: 'Essay', workStatus: 'not-handed-in' }]);
    expect((await cards(teacher)).some((c) => c.title === 'Essay')).toBe(true);

    expect((await patch(code, { title: 'Long essay', description: 'Two pages.' })).statusCode).toBe(
      200,
    );
    for (const user of [student, teacher])
      expect(await cards(user)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: 'Long essay', description: 'Two pages.' }),
        ]),
      );

    expect((await submit(t, student, code)).statusCode).toBe(201);
    expect(await cards(student)).toMatchObject([{ workStatus: 'handed-in' }]);

    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: { name: 'Dr Rao' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await cards(student)).toMatchObject([{ teacherName: 'Dr Rao' }]);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/assignments/${code}`,
          headers: { cookie: teacher.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect(await cards(student)).toEqual([]);
    expect((await cards(teacher)).some((c) => c.code === code)).toBe(false);
    expect(await version(bystander)).toBe(untouched);
  });

  it('turns a card past at its deadline with nothing changed in the database', async () => {
    const student = await signUp(t, { role: 'student' });
    const code = await createAssignment(t, teacher, { title: 'Quiz' });
    await join(t, student, code);
    const deadline = new Date(Date.now() + 60_000).toISOString();
    await setDeadline(t.db.kysely, code, deadline);
    expect(await cards(student)).toMatchObject([{ isPastDeadline: false }]);
    const kept = await version(student);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(deadline) + 1);
    expect(await cards(student)).toMatchObject([{ isPastDeadline: true }]);
    expect(await version(student)).toBe(kept);
  });

  it('sees a change made through another instance on the same database', async () => {
    const other = await buildApp(t.config, { logger: false, grading: { pollMs: 100 } });
    try {
      const student = await signUp(t, { role: 'student' });
      const code = await createAssignment(t, teacher, { title: 'Before' });
      await join(t, student, code);
      expect((await cards(student)).map((c) => c.title)).toEqual(['Before']);
      expect((await patch(code, { title: 'After' }, other.app)).statusCode).toBe(200);
      expect((await cards(student)).map((c) => c.title)).toEqual(['After']);
      expect((await cards(student, other.app)).map((c) => c.title)).toEqual(['After']);
    } finally {
      await other.app.close();
    }
  });
});

describe('DASHBOARD_CACHE_MB=0', () => {
  it("reads every list afresh, even one changed behind the triggers' back", async () => {
    const t = await buildTestApp('sqlite', { DASHBOARD_CACHE_MB: '0' });
    try {
      const teacher = await signUp(t, { role: 'teacher' });
      const code = await createAssignment(t, teacher, { title: 'First' });
      const titles = async () =>
        (await getAs(t, '/api/assignments', teacher)).json().assignments.map((c: Card) => c.title);
      expect(await titles()).toEqual(['First']);
      await t.db.kysely
        .updateTable('assignment')
        .set({ title: 'Second' })
        .where('code', '=', code)
        .execute();
      await t.db.kysely.deleteFrom('dashboard_version').execute();
      expect(await titles()).toEqual(['Second']);
    } finally {
      await t.close();
    }
  });
});

describe('DashboardLists', () => {
  const list = (bytes: number, over: Partial<KeptList> = {}): KeptList => ({
    version: 1,
    viewer: 'student Asha',
    body: Buffer.alloc(bytes),
    until: Infinity,
    ...over,
  });

  it('answers only under the same version and viewer, and not after the soonest deadline', () => {
    const lists = new DashboardLists(1000);
    lists.keep('a', list(10, { until: 500 }));
    expect(lists.find('a', 1, 'student Asha', 500)).toHaveLength(10);
    expect(lists.find('a', 1, 'student Asha', 501)).toBeUndefined();
    lists.keep('a', list(10));
    expect(lists.find('a', 2, 'student Asha', 0)).toBeUndefined();
    lists.keep('a', list(10));
    expect(lists.find('a', 1, 'teacher Asha', 0)).toBeUndefined();
    // a refused list is dropped at once
    expect(lists.size).toEqual({ lists: 0, bytes: 0 });
  });

  it('keeps within its memory budget, least recently used out first; 0 keeps nothing', () => {
    const entry = (bytes: number) => bytes + ENTRY_OVERHEAD_BYTES;
    const lists = new DashboardLists(entry(100) * 2 + 50);
    for (const id of ['a', 'b']) lists.keep(id, list(100));
    expect(lists.find('a', 1, 'student Asha', 0)).toBeDefined();
    lists.keep('c', list(100));
    expect(lists.size).toEqual({ lists: 2, bytes: entry(100) * 2 });
    expect(lists.find('b', 1, 'student Asha', 0)).toBeUndefined();
    expect(lists.find('a', 1, 'student Asha', 0)).toBeDefined();
    lists.keep('a', list(50));
    expect(lists.size).toEqual({ lists: 2, bytes: entry(100) + entry(50) });
    // many empty lists: each counts its record, not only its few bytes of JSON
    const small = new DashboardLists(entry(20) * 10);
    for (let i = 0; i < 100; i++) small.keep(`u${i}`, list(20));
    expect(small.size).toEqual({ lists: 10, bytes: entry(20) * 10 });
    const none = new DashboardLists(0);
    expect(none.enabled).toBe(false);
    none.keep('a', list(1));
    expect(none.size).toEqual({ lists: 0, bytes: 0 });
  });

  it('keeps each body in memory of its own, not in a slice of a shared block', () => {
    const body = ownBuffer('{"assignments":[{"title":"Écrire"}]}');
    expect(body.toString()).toBe('{"assignments":[{"title":"Écrire"}]}');
    expect(body.buffer.byteLength).toBe(body.length);
    // what Buffer.from does with a short string, which a kept list must not hold on to
    expect(Buffer.from('{"assignments":[]}').buffer.byteLength).toBeGreaterThan(1000);
  });

  it('knows when the first upcoming card turns past', () => {
    const card = (deadline: string, isPastDeadline: boolean) => ({
      code: 'C',
      title: 't',
      description: '',
      deadline,
      teacherName: 'T',
      isPastDeadline,
    });
    expect(
      soonestUpcoming([
        card('2030-01-02T00:00:00.000Z', false),
        card('2020-01-01T00:00:00.000Z', true),
        card('2030-01-01T00:00:00.000Z', false),
      ]),
    ).toBe(Date.parse('2030-01-01T00:00:00.000Z'));
    expect(soonestUpcoming([card('2020-01-01T00:00:00.000Z', true)])).toBe(Infinity);
    expect(
      soonestUpcoming([card('not a date', false), card('2030-01-01T00:00:00.000Z', false)]),
    ).toBe(-Infinity);
  });
});
