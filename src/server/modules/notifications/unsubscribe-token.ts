import crypto from 'node:crypto';
import { mailKind, type MailKind } from '../../../shared/notifications';

const sign = (secret: string, payload: string) =>
  crypto.createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest('base64url');

/**
 * The token of one person's unsubscribe link for one kind of email: who and what, signed with
 * the instance's secret (HMAC-SHA256), so it works without signing in and cannot be made for
 * anyone else. It does not expire: an old email's link keeps working.
 */
export function unsubscribeToken(secret: string, userId: string, kind: MailKind): string {
  const payload = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and kind of a token this instance signed; undefined for anything else. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: MailKind } | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return undefined;
  const [userId, kind, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  const parsed = mailKind.safeParse(kind);
  if (!userId || !parsed.success || more.length) return undefined;
  return { userId, kind: parsed.data };
}
