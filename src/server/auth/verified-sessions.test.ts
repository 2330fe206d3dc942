import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './current-user';
import { VerifiedSessions } from './verified-sessions';

const user: CurrentUser = {
  id: 'u1',
  name: 'A',
  email: 'a@example.com',
  image: null,
  role: 'student',
  emailVerified: false,
};
/** A compact cache cookie's value expiring at `expiresAt` (its signature is not checked here). */
const data = (expiresAt: number) =>
  Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: 'x' })).toString('base64url');

describe('VerifiedSessions', () => {
  it('answers for the exact cookies until the cache cookie expires', () => {
    let now = 1_000;
    const verified = new VerifiedSessions(10, () => now);
    const cookie = data(61_000);
    verified.remember('token', cookie, user, new Date(10_000_000));
    expect(verified.get('token', cookie)).toEqual(user);
    expect(verified.get('other-token', cookie)).toBeUndefined();
    expect(verified.get('token', data(61_001))).toBeUndefined();
    now = 61_000;
    expect(verified.get('token', cookie)).toBeUndefined();
  });

  it('stops at the session expiry when that comes first', () => {
    let now = 1_000;
    const verified = new VerifiedSessions(10, () => now);
    const cookie = data(61_000);
    verified.remember('token', cookie, user, new Date(2_000));
    now = 2_000;
    expect(verified.get('token', cookie)).toBeUndefined();
  });

  it('keeps nothing for a cookie it cannot read', () => {
    const verified = new VerifiedSessions(10, () => 0);
    verified.remember('token', 'not base64 json', user, new Date(10_000));
    expect(verified.get('token', 'not base64 json')).toBeUndefined();
  });

  it('holds at most `max` entries, forgetting the oldest', () => {
    const verified = new VerifiedSessions(2, () => 0);
    for (const t of ['a', 'b', 'c']) verified.remember(t, data(5_000), user, new Date(5_000));
    expect(verified.get('a', data(5_000))).toBeUndefined();
    expect(verified.get('b', data(5_000))).toEqual(user);
    expect(verified.get('c', data(5_000))).toEqual(user);
  });
});
