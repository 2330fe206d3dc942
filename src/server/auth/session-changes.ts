/**
 * Users whose sessions or account changed in this process (a sign-out, a revoked session, a
 * profile update, a deleted account) within the lifetime of a session cookie cache: until every
 * cache cookie made before the change has expired, their requests read the session from the
 * database. Another process does not hear of it; there the cache lifetime bounds the delay.
 */
export class SessionChanges {
  private readonly until = new Map<string, number>();

  constructor(
    /** The cookie cache's lifetime in seconds (SESSION_CACHE_SECONDS). */
    readonly cacheSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records that the user's sessions or account changed just now. */
  mark(userId: string): void {
    if (this.cacheSeconds <= 0) return;
    if (this.until.size >= 1000) this.forgetExpired();
    this.until.set(userId, this.now() + this.cacheSeconds * 1000);
  }

  /** Whether a cache cookie of this user may predate a change of theirs. */
  changedRecently(userId: string): boolean {
    const until = this.until.get(userId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(userId);
    return false;
  }

  private forgetExpired() {
    const now = this.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }
}
