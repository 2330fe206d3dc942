import { describe, expect, it } from 'vitest';
import { reloadOnStaleBuild } from './reload-on-stale-build';

/** A window as the handler uses it: events, session storage and a reload that is counted. */
function fakeWindow() {
  const store = new Map<string, string>();
  const win = Object.assign(new EventTarget(), {
    reloads: 0,
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { reload: () => void win.reloads++ },
  });
  return win;
}

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('reloadOnStaleBuild', () => {
  it('loads the page afresh when a chunk of the old version is gone, once', () => {
    const win = fakeWindow();
    reloadOnStaleBuild(win as unknown as Window);
    const first = preloadError();
    win.dispatchEvent(first);
    expect(win.reloads).toBe(1);
    expect(first.defaultPrevented).toBe(true);
    // failing again right after the reload: the error page shows instead of a loop
    const again = preloadError();
    win.dispatchEvent(again);
    expect(win.reloads).toBe(1);
    expect(again.defaultPrevented).toBe(false);
  });
});
