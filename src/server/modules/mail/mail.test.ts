import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, waitFor, type TestSmtpServer } from '../../test/smtp-server';
import { buildTestApp, dialects, signUp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { pendingMail, queueMail } from './mail.service';

const fastMail = { mail: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 } };

const note = (i: number) => ({
  kind: 'test_note',
  to: `student-${i}@school.example`,
  content: {
    subject: `Note ${i}`,
    greeting: 'Hello,',
    paragraphs: [`This is note ${i}.`],
    action: { label: 'Open Markwise', url: `${TEST_ORIGIN}/dashboard` },
  },
});

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const statuses = (t: TestApp) =>
  t.db.kysely
    .selectFrom('mail_message')
    .select(['id', 'status', 'attempts', 'last_error'])
    .execute();

describe.each(dialects)('the mail sender (%s)', (dialect) => {
  let t: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.stop();
    t = undefined;
    smtp = undefined;
  });

  it('delivers every message exactly once when the SMTP server stops mid-way and comes back', async () => {
    smtp = await startSmtpServer();
    const server = smtp;
    t = await buildTestApp(dialect, { SMTP_URL: smtp.url }, fastMail);
    await t.app.ready();
    // The server goes away after the third message it accepts.
    let stopping: Promise<void> | undefined;
    server.onMessage = () => {
      if (server.received.length === 3) stopping ??= server.stop();
    };
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await queueMail(t.db.kysely, note(i))).id);
    t.mail.wake();
    await waitFor(() => stopping !== undefined);
    await stopping;

    // Meanwhile the rest wait for a retry, their error kept, and a request that queues mail
    // answers at once.
    await waitFor(async () =>
      (await statuses(t!)).some((r) => r.status === 'queued' && r.attempts > 0 && r.last_error),
    );
    const user = await signUp(t);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.received.length).toBeLessThan(9);

    await server.restart();
    await waitFor(async () => (await pendingMail(t!.db.kysely)) === 0, 20_000);
    const rows = await statuses(t);
    expect(rows.every((r) => r.status === 'sent' && r.last_error === null)).toBe(true);
    // The eight notes, and the new user's address verification and password reset.
    expect(rows).toHaveLength(10);
    const messageIds = server.received.map((m) => m.parsed.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(server.received).toHaveLength(10);
    for (let i = 0; i < 8; i++)
      expect(server.received.filter((m) => m.to[0] === `student-${i}@school.example`)).toHaveLength(
        1,
      );
    expect(server.received.filter((m) => m.to[0] === user.email)).toHaveLength(2);
  });

  it('marks a message failed with its error after the last attempt', async () => {
    t = await buildTestApp(
      dialect,
      { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      { mail: { pollMs: 20, retryBaseMs: 20, retryMaxMs: 40, maxAttempts: 3 } },
    );
    await t.app.ready();
    const { id } = await queueMail(t.db.kysely, note(1));
    t.mail.wake();
    await waitFor(async () => (await statuses(t!)).some((r) => r.status === 'failed'));
    const [row] = await statuses(t);
    expect(row).toMatchObject({ id, status: 'failed', attempts: 3 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('keeps queued mail over a restart and sends it afterwards', async () => {
    smtp = await startSmtpServer();
    await smtp.stop();
    t = await buildTestApp(dialect, { SMTP_URL: smtp.url }, fastMail);
    await t.app.ready();
    await queueMail(t.db.kysely, note(1));
    await queueMail(t.db.kysely, note(2));
    t.mail.wake();
    await waitFor(async () => (await statuses(t!)).every((r) => r.attempts > 0));
    t = await t.restart(fastMail);
    await t.app.ready();
    await smtp.restart();
    await waitFor(async () => (await pendingMail(t!.db.kysely)) === 0, 20_000);
    expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual(['Note 1', 'Note 2']);
  });

  it('writes plain text and HTML with the product name and the link', async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(dialect, { SMTP_URL: smtp.url }, fastMail);
    await t.app.ready();
    await queueMail(t.db.kysely, {
      ...note(3),
      content: {
        ...note(3).content,
        // A title with line breaks in it (as a teacher may type one) stays one subject line.
        subject: 'Handed in: Algebra\r\nBcc: intruder@evil.example\r\n\r\nbody',
        paragraphs: ['Marks for <Algebra & Geometry> are out.'],
      },
    });
    t.mail.wake();
    await waitFor(() => smtp!.received.length === 1);
    const { parsed, to } = smtp.received[0]!;
    expect(to).toEqual(['student-3@school.example']);
    expect(parsed.subject).toBe('Handed in: Algebra Bcc: intruder@evil.example body');
    expect((await t.db.kysely.selectFrom('mail_message').select('subject').execute())[0]).toEqual({
      subject: 'Handed in: Algebra Bcc: intruder@evil.example body',
    });
    expect(parsed.text).toContain('Marks for <Algebra & Geometry> are out.');
    expect(parsed.text).toContain(`Open Markwise:\n${TEST_ORIGIN}/dashboard`);
    expect(parsed.text).toContain('— Markwise');
    expect(parsed.html).toContain('Marks for &lt;Algebra &amp; Geometry&gt; are out.');
    expect(parsed.html).toContain(`href="${TEST_ORIGIN}/dashboard"`);
    expect(parsed.html).toContain('Markwise');
    expect(parsed.from?.text).toContain('no-reply@markwise.test');
  });

  it('removes sent and failed messages after 30 days and keeps queued ones', async () => {
    t = await buildTestApp(dialect, {}, fastMail);
    const old = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
    const recent = new Date(Date.now() - 29 * 24 * 60 * 60_000).toISOString();
    for (const [id, status, created] of [
      ['old-sent', 'sent', old],
      ['old-failed', 'failed', old],
      ['recent-sent', 'sent', recent],
      ['old-queued', 'queued', old],
    ] as const) {
      await t.db.kysely
        .insertInto('mail_message')
        .values({
          id,
          kind: 'test_note',
          to_address: 'a@school.example',
          subject: 'Old',
          text_body: 'Old',
          html_body: '<p>Old</p>',
          status,
          attempts: 1,
          next_attempt_at: created,
          claimed_until: null,
          last_error: null,
          created_at: created,
          sent_at: status === 'sent' ? created : null,
        })
        .execute();
    }
    await t.app.ready();
    await t.mail.drained();
    const ids = (await statuses(t)).map((r) => r.id).sort();
    expect(ids).toEqual(['old-queued', 'recent-sent']);
  });
});
