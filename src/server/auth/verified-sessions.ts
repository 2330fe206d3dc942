import type { CurrentUser } from './current-user';

/**
 * Session cookies better-auth has already verified from its cookie cache, by their exact
 * values, until the cache cookie expires. Verifying means two HMACs through WebCrypto and
 * better-auth's endpoint machinery, several hundred microseconds a request; a browser sends
 * the same cookies with each of its requests, so after the first one the answer is a lookup.
 * Only answers better-auth gave from a valid cache cookie are kept; nothing is decoded here
 * that better-auth has not verified first.
 */
export class VerifiedSessions {
  private readonly entries = new Map<string, { user: CurrentUser; until: number }>();

  constructor(
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user of these exact cookies, while their cache cookie is valid. */
  get(token: string, data: string): CurrentUser | undefined {
    const key = `${token}\n${data}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.user;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Keeps better-auth's answer for these cookies until the earlier of the cache cookie's and
   * the session's expiry. `data` is the compact cache cookie that better-auth has just accepted.
   */
  remember(token: string, data: string, user: CurrentUser, sessionExpiresAt: Date): void {
    const until = Math.min(cacheExpiry(data), sessionExpiresAt.getTime());
    if (!(until > this.now())) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    // Shared by every request with these cookies: nobody may change it.
    this.entries.set(`${token}\n${data}`, { user: Object.freeze({ ...user }), until });
  }
}

/** When a compact cache cookie ({session, expiresAt, signature} in base64url JSON) expires; 0 if unreadable. */
function cacheExpiry(data: string): number {
  try {
    const { expiresAt } = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as {
      expiresAt?: unknown;
    };
    return typeof expiresAt === 'number' ? expiresAt : 0;
  } catch {
    return 0;
  }
}
