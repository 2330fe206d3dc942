import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentIdOf,
  createAssignment,
  inDays,
  join,
  setDeadline,
  submit,
} from '../../test/classroom';
import {
  linkIn,
  startSmtpServer,
  waitFor,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../test/smtp-server';
import {
  buildTestApp,
  dialects,
  getAs,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { makePdf } from '../../test/uploads';
import { scheduledTasks } from '../../jobs/scheduled-tasks';
import { Scheduler } from '../../jobs/scheduler';
import { notifyNewAssignment } from './notifications.service';

const fastMail = { mail: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 } };
const OPERATOR = 'ops@school.example';

describe.each(dialects)('email notifications over SMTP (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      dialect,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Markwise <no-reply@markwise.test>',
        OPERATOR_EMAILS: `Someone@Else.example, ${OPERATOR.toUpperCase()}`,
        // The scheduler runs on its own, often: the scheduled tests wait for it.
        SCHEDULE_TICK_SECONDS: '0.2',
      },
      fastMail,
    );
    await t.app.ready();
    teacher = await signUp(t, { name: 'Ms Rao', role: 'teacher' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const mailFor = (user: { email: string }, subject: string) =>
    smtp.received.filter((m) => m.to.includes(user.email) && m.parsed.subject === subject);
  /** Waits for exactly one such message, then returns it. */
  const oneMail = async (user: { email: string }, subject: string) => {
    await waitFor(() => mailFor(user, subject).length > 0);
    await t.mail.drained();
    const found = mailFor(user, subject);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const queued = (user: { email: string }, kind: string) =>
    t.db.kysely
      .selectFrom('mail_message')
      .select('id')
      .where('to_address', '=', user.email)
      .where('kind', '=', kind)
      .execute();
  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
      payload,
    });
  const unsubscribeTokenIn = (mail: ReceivedMail) =>
    new URL(linkIn(mail, `${TEST_ORIGIN}/unsubscribe?token=`)).searchParams.get('token')!;

  describe('verify address', () => {
    it('sends a link at sign-up that confirms the address once and signs nobody in', async () => {
      const user = await signUp(t, { name: 'Asha', role: 'student' });
      const mail = await oneMail(user, 'Confirm your Markwise email address');
      expect(mail.parsed.text).toContain('Hello Asha,');
      expect(mail.parsed.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);
      const link = linkIn(mail, `${TEST_ORIGIN}/api/auth/verify-email?token=`);
      expect(new URL(link).searchParams.get('callbackURL')).toBe('/dashboard?verified=1');
      expect((await getAs(t, '/api/me', user)).json().emailVerified).toBe(false);

      const first = await t.app.inject({ url: link.replace(TEST_ORIGIN, '') });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/dashboard?verified=1');
      expect((await getAs(t, '/api/me', user)).json().emailVerified).toBe(true);
      // Following it again changes nothing and hands out no session.
      const again = await t.app.inject({ url: link.replace(TEST_ORIGIN, '') });
      expect(again.statusCode).toBe(302);
      expect(again.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
      expect(first.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
    });

    it('refuses an expired link', async () => {
      const user = await signUp(t, { role: 'student' });
      const token = await new SignJWT({ email: user.email, userId: user.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
        .sign(new TextEncoder().encode(t.config.authSecret));
      const res = await t.app.inject({
        url: `/api/auth/verify-email?token=${token}&callbackURL=/dashboard`,
      });
      expect(res.headers.location).toBe('/dashboard?error=TOKEN_EXPIRED');
      expect((await getAs(t, '/api/me', user)).json().emailVerified).toBe(false);
    });

    it('resends with the same answer whether or not the address has an account, within limits', async () => {
      const user = await signUp(t, { role: 'student' });
      await oneMail(user, 'Confirm your Markwise email address');
      const resend = (email: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          headers: { origin: TEST_ORIGIN },
          remoteAddress: ip,
          payload: { email },
        });
      const known = await resend(user.email, '10.1.0.1');
      const unknown = await resend('nobody-at-all@example.com', '10.1.0.2');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      await waitFor(() => mailFor(user, 'Confirm your Markwise email address').length === 2);
      expect(await queued({ email: 'nobody-at-all@example.com' }, 'verify_email')).toEqual([]);
      // Three an hour per address (PASSWORD_RESET_RATE_LIMIT), known or not.
      expect((await resend(user.email, '10.1.0.3')).statusCode).toBe(200);
      expect((await resend(user.email, '10.1.0.4')).statusCode).toBe(200);
      const fourth = await resend(user.email, '10.1.0.5');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('too_many_emails');
    });

    it('links back to Markwise only, whatever address a resend names to go back to', async () => {
      const user = await signUp(t, { role: 'student' });
      for (const [i, callbackURL] of [
        'https://evil.example/login',
        '//evil.example/login',
        '/\\evil.example/login',
      ].entries()) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          headers: { origin: TEST_ORIGIN },
          remoteAddress: `10.2.0.${i + 1}`,
          payload: { email: user.email, callbackURL },
        });
        expect(res.statusCode).toBe(200);
      }
      const sent = await t.db.kysely
        .selectFrom('mail_message')
        .select('text_body')
        .where('to_address', '=', user.email)
        .where('kind', '=', 'verify_email')
        .execute();
      expect(sent).toHaveLength(4);
      for (const m of sent) {
        const link = new URL(m.text_body.match(/http\S+verify-email\S+/)![0]);
        expect(link.searchParams.get('callbackURL')).toBe('/dashboard?verified=1');
        const followed = await t.app.inject({ url: link.pathname + link.search });
        expect(followed.headers.location).toBe('/dashboard?verified=1');
      }
      // A link made by hand to send someone elsewhere from Markwise's address is refused.
      for (const callbackURL of ['https://evil.example/login', '//evil.example', '/\\evil.example'])
        for (const path of ['/api/auth/verify-email?token=x&', '/api/auth/reset-password/x?']) {
          const res = await t.app.inject({
            url: `${path}callbackURL=${encodeURIComponent(callbackURL)}`,
          });
          expect(res.statusCode).toBe(400);
          expect(res.headers.location).toBeUndefined();
          expect(res.json().error.code).toBe('bad_request');
        }
      const own = await t.app.inject({
        url: '/api/auth/verify-email?token=x&callbackURL=/dashboard',
      });
      expect(own.headers.location).toBe('/dashboard?error=INVALID_TOKEN');
    });
  });

  describe('class mail', () => {
    let code: string;
    let student: TestUser;
    let other: TestUser;
    let pdf: Buffer;

    beforeAll(async () => {
      code = await createAssignment(t, teacher, { title: 'Leaves', diagramKeywords: undefined });
      student = await signUp(t, { name: 'Bina', role: 'student' });
      other = await signUp(t, { name: 'Chitra', role: 'student' });
      for (const s of [student, other]) expect((await join(t, s, code)).statusCode).toBe(200);
      pdf = await makePdf(['1. Plants use light to make sugar.']);
    });

    it('emails a new assignment to the students it is given', async () => {
      const n = await notifyNewAssignment(t, await assignmentIdOf(t.db.kysely, code), [student.id]);
      expect(n).toBe(1);
      const mail = await oneMail(student, 'New assignment: Leaves');
      expect(mail.parsed.text).toContain('Ms Rao set a new assignment');
      expect(linkIn(mail, `${TEST_ORIGIN}/dashboard/assignment/`)).toBe(
        `${TEST_ORIGIN}/dashboard/assignment/${code}`,
      );
      expect(mailFor(other, 'New assignment: Leaves')).toEqual([]);
    });

    it('sends a hand-in receipt with the SHA-256 of the file', async () => {
      const res = await submit(t, student, code, { filename: 'bina.pdf', content: pdf });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await oneMail(student, 'Handed in: Leaves');
      const sha = crypto.createHash('sha256').update(pdf).digest('hex');
      expect(mail.parsed.text).toContain(`SHA-256: ${sha}`);
      expect(mail.parsed.text).toContain(`File: bina.pdf (${pdf.length} bytes)`);
      // when, in words and to the second, not a raw timestamp
      expect(mail.parsed.text).toMatch(
        /received your answer to "Leaves" on \w+day, \d{1,2} \w+ \d{4}, \d{2}:\d{2}:\d{2} \(UTC\)\./,
      );
      expect(mail.parsed.html).toContain(sha);
      expect(linkIn(mail, `${TEST_ORIGIN}/dashboard/assignment/`)).toContain(code);
      // An unsubscribe link in the text and the one-click header.
      expect(unsubscribeTokenIn(mail)).toBeTruthy();
      const header = (name: string) =>
        mail.parsed.headerLines.find((h) => h.key === name)?.line ?? '';
      expect(header('list-unsubscribe-post')).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(header('list-unsubscribe')).toContain(
        `<${TEST_ORIGIN}/api/unsubscribe/one-click?token=`,
      );
    });

    it('emails the students whose marks are published, and no one else', async () => {
      const [{ id }] = (await call(teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
        .submissions as [{ id: string }];
      const marked = await call(
        teacher,
        'PUT',
        `/api/assignments/${code}/submissions/${id}/questions/1`,
        { marks: 12 },
      );
      expect(marked.statusCode, marked.body).toBe(200);
      const pub = await call(teacher, 'POST', `/api/assignments/${code}/publish`, {});
      expect(pub.statusCode, pub.body).toBe(200);
      const mail = await oneMail(student, 'Marks published: Leaves');
      expect(mail.parsed.text).toContain('are published: 12 / 20');
      expect(linkIn(mail, `${TEST_ORIGIN}/dashboard/assignment/`)).toContain(code);
      expect(mailFor(other, 'Marks published: Leaves')).toEqual([]);
      // A comment alone, published again: the feedback changed, not the marks.
      const commented = await call(
        teacher,
        'PUT',
        `/api/assignments/${code}/submissions/${id}/comment`,
        { comment: 'Name the pigment next time.' },
      );
      expect(commented.statusCode, commented.body).toBe(200);
      expect((await call(teacher, 'POST', `/api/assignments/${code}/publish`, {})).statusCode).toBe(
        200,
      );
      const updated = await oneMail(student, 'Feedback updated: Leaves');
      expect(updated.parsed.text).toContain('your marks stay 12 / 20');
      expect(mailFor(student, 'Your marks changed: Leaves')).toEqual([]);
    });

    it('tells the teacher of a regrade request and the student of the answer', async () => {
      const [{ id }] = (await call(student, 'GET', `/api/assignments/${code}/submissions`)).json()
        .submissions as [{ id: string }];
      const asked = await call(
        student,
        'POST',
        `/api/assignments/${code}/submissions/${id}/regrade-requests`,
        { question: '1', reason: 'I named chlorophyll.' },
      );
      expect(asked.statusCode, asked.body).toBe(201);
      const toTeacher = await oneMail(teacher, 'Regrade request: Leaves');
      expect(toTeacher.parsed.text).toContain('Bina asks you to look again at question 1');
      const answered = await call(
        teacher,
        'POST',
        `/api/assignments/${code}/regrade-requests/${asked.json().id}/answer`,
        { response: 'You did: one more mark.', marks: 13 },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      const toStudent = await oneMail(student, 'Regrade answered: Leaves');
      expect(toStudent.parsed.text).toContain('question 1 of "Leaves"');
      expect(linkIn(toStudent, `${TEST_ORIGIN}/dashboard/assignment/`)).toContain(code);
      // The changed marks were published with it.
      await oneMail(student, 'Your marks changed: Leaves');
    });

    it('honours an unsubscribe link at once, without signing in, for that kind only', async () => {
      const receipt = mailFor(student, 'Handed in: Leaves')[0]!;
      const token = unsubscribeTokenIn(receipt);
      const bad = await call(null, 'POST', '/api/unsubscribe', { token: `${token}x` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_unsubscribe_link');
      const res = await call(null, 'POST', '/api/unsubscribe', { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ kind: 'hand_in_receipt', label: 'Hand-in receipts' });
      const settings = (await getAs(t, '/api/me/email-settings', student)).json();
      expect(
        settings.kinds.find((k: { kind: string }) => k.kind === 'hand_in_receipt'),
      ).toMatchObject({ enabled: false });
      expect(
        settings.kinds.every(
          (k: { kind: string; enabled: boolean }) => k.kind === 'hand_in_receipt' || k.enabled,
        ),
      ).toBe(true);

      // The next hand-in sends no receipt; other kinds still arrive.
      const next = await createAssignment(t, teacher, {
        title: 'Roots',
        diagramKeywords: undefined,
      });
      await join(t, student, next);
      expect((await submit(t, student, next)).statusCode).toBe(201);
      await notifyNewAssignment(t, await assignmentIdOf(t.db.kysely, next), [student.id]);
      await oneMail(student, 'New assignment: Roots');
      expect(await queued(student, 'hand_in_receipt')).toHaveLength(1);
    });

    it('takes the one-click POST of a mail program, and the settings page turns a kind back on', async () => {
      const mail = mailFor(student, 'New assignment: Roots')[0]!;
      const token = unsubscribeTokenIn(mail);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        await notifyNewAssignment(t, await assignmentIdOf(t.db.kysely, code), [student.id]),
      ).toBe(0);

      const bad = await call(student, 'PUT', '/api/me/email-settings', {
        kind: 'spam',
        enabled: true,
      });
      expect(bad.statusCode).toBe(400);
      const on = await call(student, 'PUT', '/api/me/email-settings', {
        kind: 'new_assignment',
        enabled: true,
      });
      expect(on.statusCode).toBe(200);
      expect(
        await notifyNewAssignment(t, await assignmentIdOf(t.db.kysely, code), [student.id]),
      ).toBe(1);
      // A teacher's settings list the kinds that concern teachers.
      const mine = (await getAs(t, '/api/me/email-settings', teacher)).json();
      expect(mine.kinds.map((k: { kind: string }) => k.kind)).toEqual(['regrade_requested']);
      expect((await t.app.inject({ url: '/api/me/email-settings' })).statusCode).toBe(401);
    });
  });

  describe('scheduled work', () => {
    it('reminds, once, the students who joined and have not handed in, a day before the deadline', async () => {
      const code = await createAssignment(t, teacher, {
        title: 'Stems',
        diagramKeywords: undefined,
      });
      const [late, done, quiet, extended] = await Promise.all(
        ['Dev', 'Esha', 'Farah', 'Ines'].map((name) => signUp(t, { name, role: 'student' })),
      );
      for (const s of [late!, done!, quiet!, extended!]) await join(t, s, code);
      // Ines has an extension: her reminder comes a day before her own deadline.
      await t.db.kysely
        .insertInto('extension')
        .values({
          assignment_id: await assignmentIdOf(t.db.kysely, code),
          student_id: extended!.id,
          deadline: inDays(3),
          deadline_time_zone: 'UTC',
          granted_by: teacher.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      expect((await submit(t, done!, code)).statusCode).toBe(201);
      await call(quiet!, 'PUT', '/api/me/email-settings', {
        kind: 'deadline_reminder',
        enabled: false,
      });
      await setDeadline(t.db.kysely, code, inDays(20 / 24));
      // The scheduler's own ticks send it.
      const mail = await oneMail(late!, 'Due tomorrow: Stems');
      expect(mail.parsed.text).toContain('you have not handed in yet');
      expect(linkIn(mail, `${TEST_ORIGIN}/dashboard/assignment/`)).toContain(code);
      await t.scheduler.runOnce();
      await t.scheduler.runOnce();
      expect(await queued(late!, 'deadline_reminder')).toHaveLength(1);
      expect(await queued(done!, 'deadline_reminder')).toEqual([]);
      expect(await queued(quiet!, 'deadline_reminder')).toEqual([]);
      expect(await queued(extended!, 'deadline_reminder')).toEqual([]);
      await t.db.kysely
        .updateTable('extension')
        .set({ deadline: inDays(23 / 24) })
        .where('student_id', '=', extended!.id)
        .execute();
      expect((await oneMail(extended!, 'Due tomorrow: Stems')).parsed.text).toContain(
        'you have not handed in yet',
      );
      // Two schedulers at once (two processes of a cluster): still one reminder each.
      const other = new Scheduler({
        db: t.db,
        log: t.app.log,
        tickMs: 3_600_000,
        tasks: scheduledTasks({
          db: t.db,
          store: t.store,
          checker: { pool: t.pool, reading: t.config.reading },
          notify: t.notify,
        }),
      });
      const fresh = await signUp(t, { name: 'Hema', role: 'student' });
      await join(t, fresh, code);
      await Promise.all([other.runOnce(), t.scheduler.runOnce(), other.runOnce()]);
      await other.stop();
      expect(await queued(fresh, 'deadline_reminder')).toHaveLength(1);
      // A moved deadline is a new one: one more reminder.
      await setDeadline(t.db.kysely, code, inDays(22 / 24));
      await waitFor(async () => (await queued(late!, 'deadline_reminder')).length === 2);
    });

    it('publishes marks due at a passed deadline on its own and emails the student', async () => {
      const code = await createAssignment(t, teacher, {
        title: 'Seeds',
        diagramKeywords: undefined,
      });
      const s = await signUp(t, { name: 'Gita', role: 'student' });
      await join(t, s, code);
      const id = (await submit(t, s, code)).json().id as string;
      await call(teacher, 'PUT', `/api/assignments/${code}/submissions/${id}/questions/1`, {
        marks: 9,
      });
      const settings = await call(teacher, 'PUT', `/api/assignments/${code}/review-settings`, {
        autoPublish: true,
        regradeDeadline: null,
      });
      expect(settings.statusCode, settings.body).toBe(204);
      await t.scheduler.runOnce();
      expect(await queued(s, 'marks_published')).toEqual([]);
      await setDeadline(t.db.kysely, code, inDays(-1 / 24));
      const mail = await oneMail(s, 'Marks published: Seeds');
      expect(mail.parsed.text).toContain('9 / 20');
      const notices = (await getAs(t, '/api/notices', s)).json().notices;
      expect(notices.filter((n: { kind: string }) => n.kind === 'published')).toHaveLength(1);
    });
  });

  describe('the operator outbox', () => {
    it('is for the confirmed operator only', async () => {
      const ops = await signUp(t, { email: OPERATOR, role: 'teacher' });
      const student = await signUp(t, { role: 'student' });
      // Not before the address is confirmed: whoever signed up first would be the operator.
      expect((await getAs(t, '/api/operator/mail', ops)).statusCode).toBe(404);
      expect((await getAs(t, '/api/me', ops)).json().operator).toBe(false);
      const link = linkIn(
        await oneMail(ops, 'Confirm your Markwise email address'),
        `${TEST_ORIGIN}/api/auth/verify-email`,
      );
      await t.app.inject({ url: link.replace(TEST_ORIGIN, '') });
      expect((await getAs(t, '/api/me', ops)).json().operator).toBe(true);

      const list = await getAs(t, '/api/operator/mail?limit=500', ops);
      expect(list.statusCode, list.body).toBe(200);
      const { messages, counts } = list.json();
      expect(counts.sent).toBeGreaterThan(5);
      const receipt = messages.find((m: { subject: string }) => m.subject === 'Handed in: Leaves');
      expect(receipt).toMatchObject({ kind: 'hand_in_receipt', status: 'sent' });
      const one = await getAs(t, `/api/operator/mail/${receipt.id}`, ops);
      expect(one.json().text).toContain('SHA-256: ');
      const failed = await getAs(t, '/api/operator/mail?status=failed', ops);
      expect(failed.json().messages).toEqual([]);

      for (const who of [teacher, student]) {
        expect((await getAs(t, '/api/operator/mail', who)).statusCode).toBe(404);
        expect((await getAs(t, `/api/operator/mail/${receipt.id}`, who)).statusCode).toBe(404);
      }
      expect((await t.app.inject({ url: '/api/operator/mail' })).statusCode).toBe(401);
      expect((await getAs(t, '/api/operator/mail/nope', ops)).statusCode).toBe(404);
    });
  });
});
