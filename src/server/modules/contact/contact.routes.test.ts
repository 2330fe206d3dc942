import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as m } from '../../../shared/contact-messages';
import { buildTestApp, dialects, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { startFakeFormMail, type FakeFormMail } from './contact.test-server';

const valid = {
  name: 'Asha Rao',
  email: 'asha@school.example',
  phone: '+91 98450 12345',
  message: 'Can our whole school use Markwise?',
};

const post = (t: TestApp, payload: unknown, origin = TEST_ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin },
    payload: payload as object,
  });

const rows = (t: TestApp) => t.db.kysely.selectFrom('contact_message').selectAll().execute();

/** Waits until the background forward of a stored message has recorded its outcome. */
async function forwardOutcome(t: TestApp, id: string) {
  for (let i = 0; i < 200; i++) {
    const row = await t.db.kysely
      .selectFrom('contact_message')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.forwarded_at || row.forward_error) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the forward never recorded an outcome');
}

describe.each(dialects)('POST /api/contact (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { CONTACT_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a valid message with trimmed fields and answers 201 with its id', async () => {
    const res = await post(t, { ...valid, name: '  Asha Rao  ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = (await rows(t)).find((r) => r.id === id);
    expect(row).toMatchObject({ ...valid, forwarded_at: null, forward_error: null });
    expect(new Date(row!.created_at).toISOString()).toBe(row!.created_at);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['a missing name', { ...valid, name: undefined }, m.nameRequired],
    ['a blank name', { ...valid, name: '   ' }, m.nameRequired],
    ['a name over 100 characters', { ...valid, name: 'x'.repeat(101) }, m.nameTooLong],
    ['a missing email', { ...valid, email: undefined }, m.emailInvalid],
    ['an email without @', { ...valid, email: 'asha.school.example' }, m.emailInvalid],
    ['a missing phone', { ...valid, phone: undefined }, m.phoneInvalid],
    ['a phone with letters', { ...valid, phone: 'call me maybe' }, m.phoneInvalid],
    ['a phone of 5 digits', { ...valid, phone: '12345' }, m.phoneInvalid],
    ['a missing message', { ...valid, message: undefined }, m.messageRequired],
    ['a blank message', { ...valid, message: ' \n ' }, m.messageRequired],
    ['a message over 5000 characters', { ...valid, message: 'x'.repeat(5001) }, m.messageTooLong],
  ];

  it.each(invalid)('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = (await rows(t)).length;
    const res = await post(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.message).toContain(message);
    expect((await rows(t)).length).toBe(before);
  });

  it('refuses an empty body with every missing field named', async () => {
    const res = await post(t, {});
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.details.map((d: { path: string }) => d.path);
    expect(paths.sort()).toEqual(['email', 'message', 'name', 'phone']);
  });

  it('refuses a post from a site Markwise does not trust', async () => {
    const before = (await rows(t)).length;
    const res = await post(t, valid, 'http://evil.example');
    expect(res.statusCode).toBe(403);
    expect((await rows(t)).length).toBe(before);
  });
});

describe.each(dialects)('POST /api/contact rate limit (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { CONTACT_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with a clear message after the limit and stores nothing more', async () => {
    expect((await post(t, valid)).statusCode).toBe(201);
    expect((await post(t, valid)).statusCode).toBe(201);
    const res = await post(t, valid);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({ code: 'too_many_requests', message: m.tooMany });
    expect((await rows(t)).length).toBe(2);
  });
});

describe.each(dialects)('POST /api/contact forwarding (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeFormMail;
  beforeAll(async () => {
    fake = await startFakeFormMail();
    t = await buildTestApp(dialect, {
      CONTACT_FORWARD_URL: fake.url,
      CONTACT_ACCESS_KEY: 'access-key-123',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('stores the message and forwards it as a form post with the access key', async () => {
    fake.mode = 200;
    const res = await post(t, valid);
    expect(res.statusCode).toBe(201);
    const row = await forwardOutcome(t, res.json().id);
    expect(row.forwarded_at).not.toBeNull();
    expect(row.forward_error).toBeNull();
    const last = fake.received.at(-1)!;
    expect(last.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last.form)).toEqual({ access_key: 'access-key-123', ...valid });
  });

  it('keeps the stored message and records the error when the forward fails', async () => {
    fake.mode = 500;
    const res = await post(t, { ...valid, message: 'Sent while the mail service is down' });
    expect(res.statusCode).toBe(201);
    const row = await forwardOutcome(t, res.json().id);
    expect(row).toMatchObject({
      message: 'Sent while the mail service is down',
      forwarded_at: null,
      forward_error: expect.stringContaining('HTTP 500'),
    });
  });
});

describe('POST /api/contact forwarding to an address where nothing listens', () => {
  it('still stores the message and records a network error', async () => {
    const t = await buildTestApp('sqlite', { CONTACT_FORWARD_URL: 'http://127.0.0.1:9/submit' });
    try {
      const res = await post(t, valid);
      expect(res.statusCode).toBe(201);
      const row = await forwardOutcome(t, res.json().id);
      expect(row).toMatchObject({ ...valid, forwarded_at: null });
      expect(row.forward_error).toMatch(/network error/);
    } finally {
      await t.close();
    }
  });

  it('finishes a forward still in flight and records it before the app closes', async () => {
    const fake = await startFakeFormMail();
    fake.mode = 'hang';
    const t = await buildTestApp('sqlite', { CONTACT_FORWARD_URL: fake.url });
    try {
      const res = await post(t, valid);
      expect(res.statusCode).toBe(201);
      setTimeout(() => void fake.close(), 300);
      await t.app.close();
      const file = new Sqlite(path.join(t.dataDir, 'markwise.db'), { readonly: true });
      const row = file.prepare('select * from contact_message where id = ?').get(res.json().id);
      file.close();
      expect(row).toMatchObject({ forwarded_at: null, forward_error: expect.any(String) });
    } finally {
      await t.close().catch(() => undefined);
      await fake.close();
    }
  });
});
