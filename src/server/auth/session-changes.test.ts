import { describe, expect, it } from 'vitest';
import { SessionChanges } from './session-changes';

describe('SessionChanges', () => {
  it('remembers a change for the cache lifetime, then forgets it', () => {
    let now = 1_000_000;
    const changes = new SessionChanges(60, () => now);
    expect(changes.changedRecently('u1')).toBe(false);
    changes.mark('u1');
    now += 59_999;
    expect(changes.changedRecently('u1')).toBe(true);
    expect(changes.changedRecently('u2')).toBe(false);
    now += 1;
    expect(changes.changedRecently('u1')).toBe(false);
  });

  it('keeps nothing when the cache is off', () => {
    const changes = new SessionChanges(0);
    changes.mark('u1');
    expect(changes.changedRecently('u1')).toBe(false);
  });

  it('drops expired entries once many users have changed', () => {
    let now = 0;
    const changes = new SessionChanges(1, () => now);
    for (let i = 0; i < 1000; i++) changes.mark(`old-${i}`);
    now = 5_000;
    changes.mark('new');
    expect((changes as unknown as { until: Map<string, number> }).until.size).toBe(1);
    expect(changes.changedRecently('new')).toBe(true);
  });
});
