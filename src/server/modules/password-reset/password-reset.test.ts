import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { linkIn, startSmtpServer, waitFor, type TestSmtpServer } from '../../test/smtp-server';
import { buildTestApp, dialects, signUp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { outboxDir } from '../mail/mail.service';

const fastMail = { mail: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 } };

const requestReset = (
  t: TestApp,
  email: string,
  ip = '127.0.0.1',
  url = '/api/auth/request-password-reset',
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email },
  });

const resetPassword = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword },
  });

const signInStatus = async (t: TestApp, email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    })
  ).statusCode;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(dialects)('forgotten password over SMTP (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      dialect,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Markwise <no-reply@markwise.test>' },
      fastMail,
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  // Sign-up also sends the address verification email; these tests are about the reset ones.
  const mailFor = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Set a new'));

  it('emails the account a link that sets a new password once and ends her other sessions', async () => {
    const user = await signUp(t, { name: 'Priya Nair', password: 'old-secret' });
    const res = await requestReset(t, user.email);
    expect(res.statusCode).toBe(200);
    await waitFor(() => mailFor(user.email).length === 1);

    const [mail] = mailFor(user.email);
    expect(mail!.parsed.subject).toBe('Set a new Markwise password');
    expect(mail!.parsed.from?.text).toContain('no-reply@markwise.test');
    expect(mail!.parsed.text).toContain('Hello Priya Nair,');
    expect(mail!.parsed.text).toContain('expires in 1 hour');
    const link = linkIn(mail!, `${TEST_ORIGIN}/reset-password?token=`);
    expect(mail!.parsed.html).toContain(link);
    expect(mail!.parsed.html).toContain('Markwise');

    expect((await resetPassword(t, tokenOf(link), 'new-secret')).statusCode).toBe(200);
    expect(await signInStatus(t, user.email, 'new-secret')).toBe(200);
    expect(await signInStatus(t, user.email, 'old-secret')).toBe(401);
    // The session she had before the reset is over.
    const session = await t.app.inject({ url: '/api/session', headers: { cookie: user.cookie } });
    expect(session.json()).toMatchObject({ user: null });

    // The link works once.
    const again = await resetPassword(t, tokenOf(link), 'third-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signInStatus(t, user.email, 'third-secret')).toBe(401);
  });

  it('gives a link that expires after an hour', async () => {
    const user = await signUp(t, { password: 'old-secret' });
    const before = Date.now();
    await requestReset(t, user.email);
    await waitFor(() => mailFor(user.email).length === 1);
    const token = tokenOf(linkIn(mailFor(user.email)[0]!, `${TEST_ORIGIN}/reset-password`));

    const row = await t.db.kysely
      .selectFrom('verification')
      .selectAll()
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    const expires = new Date(row.expires_at).getTime();
    expect(expires - before).toBeGreaterThan(59 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(61 * 60_000);

    // An hour later (the stored expiry moved into the past):
    await t.db.kysely
      .updateTable('verification')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const res = await resetPassword(t, token, 'new-secret');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await signInStatus(t, user.email, 'old-secret')).toBe(200);
  });

  it('answers an unknown address exactly as a known one and sends it nothing', async () => {
    const user = await signUp(t);
    const known = await requestReset(t, user.email);
    const unknown = await requestReset(t, 'nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitFor(() => mailFor(user.email).length === 1);
    await t.mail.drained();
    expect(mailFor('nobody-here@example.com')).toEqual([]);
    const queued = await t.db.kysely
      .selectFrom('mail_message')
      .select('id')
      .where('to_address', '=', 'nobody-here@example.com')
      .execute();
    expect(queued).toEqual([]);
  });

  it('refuses a malformed address with 400 and queues nothing', async () => {
    const before = smtp.received.length;
    const res = await requestReset(t, 'not-an-address');
    expect(res.statusCode).toBe(400);
    await t.mail.drained();
    expect(smtp.received.length).toBe(before);
  });
});

describe.each(dialects)('password reset limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PASSWORD_RESET_RATE_LIMIT: '2' }, fastMail);
  });
  afterAll(() => t.close());

  it('refuses a third request for one address within the hour, known or not, with 429', async () => {
    const user = await signUp(t);
    for (const email of [user.email, 'ghost@example.com']) {
      expect((await requestReset(t, email, '10.0.0.1')).statusCode).toBe(200);
      expect((await requestReset(t, email.toUpperCase(), '10.0.0.2')).statusCode).toBe(200);
      // The same endpoint by another spelling of its path counts too.
      const third = await requestReset(
        t,
        ` ${email} `,
        '10.0.0.3',
        '/api/auth/request-password-reset/?x=1',
      );
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        error: { code: 'too_many_reset_requests', message: messages.tooManyResetRequests },
      });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    }
    const queued = await t.db.kysely
      .selectFrom('mail_message')
      .select('id')
      .where('to_address', '=', user.email)
      .where('kind', '=', 'reset_password')
      .execute();
    expect(queued).toHaveLength(2);
  });

  it('refuses one client asking for many addresses', async () => {
    // Ten times the per-address limit per client address and hour.
    for (let i = 0; i < 20; i++)
      expect((await requestReset(t, `many-${i}@example.com`, '10.0.0.9')).statusCode).toBe(200);
    const res = await requestReset(t, 'many-20@example.com', '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect((await requestReset(t, 'many-20@example.com', '10.0.0.10')).statusCode).toBe(200);
  });
});

describe.each(dialects)('forgotten password without SMTP_URL (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, fastMail);
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('writes the email into DATA_DIR/outbox, where its link works', async () => {
    const user = await signUp(t, { name: 'Meera Das', password: 'old-secret' });
    expect((await requestReset(t, user.email)).statusCode).toBe(200);
    const dir = outboxDir(t.config);
    expect(dir).toBe(path.join(t.dataDir, 'outbox'));
    // Two files: the address verification from sign-up, and the reset.
    const emls = () =>
      (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => f.endsWith('.eml'));
    await waitFor(() => emls().length === 2);
    const all = await Promise.all(
      emls().map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))),
    );
    const resets = all.filter((m) => m.subject === 'Set a new Markwise password');
    expect(resets).toHaveLength(1);
    const parsed = resets[0]!;
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(user.email);
    expect(parsed.subject).toBe('Set a new Markwise password');
    expect(parsed.html).toContain('Set a new password');
    const link = linkIn(parsed, `${TEST_ORIGIN}/reset-password?token=`);
    expect((await resetPassword(t, tokenOf(link), 'new-secret')).statusCode).toBe(200);
    expect(await signInStatus(t, user.email, 'new-secret')).toBe(200);
    const row = await t.db.kysely
      .selectFrom('mail_message')
      .selectAll()
      .where('to_address', '=', user.email)
      .where('kind', '=', 'reset_password')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });
});
