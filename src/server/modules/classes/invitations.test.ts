import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classMessages } from '../../../shared/classes';
import { createAssignment } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  getAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { mailToAddress } from '../mail/mail.service';
import { readAddressList } from './invitations.service';

describe('readAddressList', () => {
  it('reads one address, pasted lists and CSV text, reporting each bad or repeated line', () => {
    const csv =
      'name,email\nAda Lovelace,ada@school.example\n"Ben, B",ben@school.example\nno address here\nAda again;ADA@school.example\nCat <cat@school.example>, dan@@x\n\n';
    expect(readAddressList(csv)).toEqual([
      { line: 2, entry: 'ada@school.example', address: 'ada@school.example' },
      { line: 3, entry: 'ben@school.example', address: 'ben@school.example' },
      { line: 4, entry: 'no address here', problem: classMessages.badAddress },
      { line: 5, entry: 'ADA@school.example', problem: classMessages.duplicateAddress(2) },
      { line: 6, entry: 'Cat <cat@school.example>', address: 'cat@school.example' },
      { line: 6, entry: 'dan@@x', problem: classMessages.badAddress },
    ]);
    expect(readAddressList('  solo@school.example ')).toEqual([
      { line: 1, entry: 'solo@school.example', address: 'solo@school.example' },
    ]);
    expect(readAddressList(' \n ,; ')).toEqual([]);
  });
});

// Inviting students by email and joining through the link.
describe.each(dialects)('class invitations (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let classId: string;
  let assignment: string;
  beforeAll(async () => {
    ({ t, teacher: owner } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const c = await call(owner, 'POST', '/api/classes', { name: 'Chemistry', section: '11A' });
    classId = c.json().id;
    assignment = await createAssignment(t, owner, { classId });
  });
  afterAll(() => t.close());

  function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  }
  const invite = (addresses: string, as = owner) =>
    call(as, 'POST', `/api/classes/${classId}/invitations`, { addresses });
  /** The link of the newest invitation email to the address. */
  async function linkTo(address: string) {
    const [mail] = await mailToAddress(t.db.kysely, address);
    expect(mail, `no mail to ${address}`).toBeDefined();
    const url = /http:\/\/markwise\.test\/invitations\/[A-Za-z0-9_-]+/.exec(mail!.text_body)?.[0];
    expect(url).toBeDefined();
    return { mail: mail!, token: url!.split('/').pop()! };
  }
  const accept = (user: TestUser, token: string) =>
    call(user, 'POST', `/api/invitations/${token}/accept`);

  it('invites the good addresses of a list by email, reporting each malformed or repeated line', async () => {
    const member = await signUp(t, { role: 'student' });
    await call(member, 'POST', '/api/classes/join', { code: assignment });
    const res = await invite(
      `amy@school.example\nnot-an-address\nbob@school.example, AMY@school.example\n${member.email}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      invited: ['amy@school.example', 'bob@school.example'],
      problems: [
        { line: 2, entry: 'not-an-address', message: classMessages.badAddress },
        { line: 3, entry: 'AMY@school.example', message: classMessages.duplicateAddress(1) },
        { line: 4, entry: member.email, message: classMessages.alreadyMember },
      ],
    });
    const { mail } = await linkTo('amy@school.example');
    expect(mail.subject).toBe('Ms Rao invited you to Chemistry on Markwise');
    expect(mail.kind).toBe('class_invitation');
    expect(mail.text_body).toContain('Markwise');
    expect(mail.html_body).toContain('/invitations/');
    expect(await mailToAddress(t.db.kysely, 'not-an-address')).toEqual([]);
    const roster = (await call(owner, 'GET', `/api/classes/${classId}/roster`)).json();
    expect(roster.invitations.map((i: { email: string }) => i.email).sort()).toEqual([
      'amy@school.example',
      'bob@school.example',
    ]);
  });

  it('refuses a list with no address, and anyone but the class’s teachers, changing nothing', async () => {
    const before = await t.db.kysely.selectFrom('class_invitation').select('id').execute();
    const empty = await invite(' \n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(classMessages.noAddresses);
    const student = await signUp(t, { role: 'student' });
    expect((await invite('x@school.example', student)).statusCode).toBe(404);
    const other = await signUp(t, { role: 'teacher' });
    expect((await invite('x@school.example', other)).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('class_invitation').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('lets the invitee join after signing up, once; the link then shows her the class', async () => {
    await invite('cara@school.example');
    const { token } = await linkTo('cara@school.example');
    const cara = await signUp(t, { role: 'student', email: 'cara@school.example' });
    const view = await call(cara, 'GET', `/api/invitations/${token}`);
    expect(view.json()).toMatchObject({
      className: 'Chemistry',
      section: '11A',
      ownerName: 'Ms Rao',
    });
    const res = await accept(cara, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyJoined: false,
      class: { id: classId, role: 'student' },
    });
    const cards = (await getAs(t, '/api/assignments', cara)).json().assignments;
    expect(cards.map((c: { code: string }) => c.code)).toEqual([assignment]);
    expect((await accept(cara, token)).json().alreadyJoined).toBe(true);
    const someoneElse = await signUp(t, { role: 'student' });
    const used = await accept(someoneElse, token);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toEqual({
      code: 'invitation_used',
      message: classMessages.invitationUsed,
    });
  });

  it('answers unknown and expired links with a clear message, and refuses a teacher', async () => {
    const student = await signUp(t, { role: 'student' });
    for (const token of ['nope', 'x'.repeat(43)]) {
      const res = await accept(student, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'invitation_not_found',
        message: classMessages.invitationNotFound,
      });
      expect((await call(student, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    }
    await invite('late@school.example');
    const { token } = await linkTo('late@school.example');
    const teacher = await signUp(t, { role: 'teacher' });
    expect((await accept(teacher, token)).statusCode).toBe(403);
    await t.db.kysely
      .updateTable('class_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@school.example')
      .execute();
    const res = await accept(student, token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({
      code: 'invitation_expired',
      message: classMessages.invitationExpired,
    });
    expect((await getAs(t, '/api/classes', student)).json().active).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode,
    ).toBe(401);
  });

  it('lets a removed student back in through a new invitation, but not through an old one', async () => {
    await invite('dee@school.example');
    const first = (await linkTo('dee@school.example')).token;
    const dee = await signUp(t, { role: 'student', email: 'dee@school.example' });
    expect((await accept(dee, first)).statusCode).toBe(200);
    expect(
      (await call(owner, 'DELETE', `/api/classes/${classId}/students/${dee.id}`)).statusCode,
    ).toBe(204);
    expect((await accept(dee, first)).statusCode).toBe(403);
    await invite('dee@school.example');
    const second = (await linkTo('dee@school.example')).token;
    expect(second).not.toBe(first);
    expect((await accept(dee, second)).statusCode).toBe(200);
    expect((await getAs(t, `/api/assignments/${assignment}`, dee)).statusCode).toBe(200);
  });
});
