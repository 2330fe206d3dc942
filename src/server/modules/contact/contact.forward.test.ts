import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardContactMessage } from './contact.forward';
import { startFakeFormMail, type FakeFormMail } from './contact.test-server';

const message = {
  name: 'Asha',
  email: 'asha@example.com',
  phone: '+91 98450 12345',
  message: 'Hi',
};

describe('forwardContactMessage', () => {
  let fake: FakeFormMail;
  beforeAll(async () => {
    fake = await startFakeFormMail();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('posts the message form-encoded with the access key', async () => {
    fake.mode = 200;
    await forwardContactMessage(fake.url, 'key-123', message);
    const last = fake.received.at(-1)!;
    expect(last.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last.form)).toEqual({ access_key: 'key-123', ...message });
  });

  it('fails with the HTTP status when the service refuses', async () => {
    fake.mode = 503;
    await expect(forwardContactMessage(fake.url, 'k', message)).rejects.toThrow(/HTTP 503/);
  });

  it('gives up after the timeout when the service does not answer', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    await expect(forwardContactMessage(fake.url, 'k', message, 200)).rejects.toThrow(
      'no answer within 200 ms',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails with a network error when nothing listens', async () => {
    await expect(forwardContactMessage('http://127.0.0.1:9/submit', 'k', message)).rejects.toThrow(
      /network error/,
    );
  });
});
