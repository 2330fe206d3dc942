/**
 * After a new version is deployed, a tab still running the previous one asks for page code
 * (hashed chunks) that no longer exists, and the page fails ("Failed to fetch dynamically imported
 * module"). Vite announces that with `vite:preloadError`: the page is loaded afresh, once, which
 * fetches the new version. A reload that fails the same way within a minute is left to the error
 * page, so a chunk missing from the new version too never loops.
 */
const KEY = 'markwise:reloaded-for-new-version';
const GRACE_MS = 60_000;

export function reloadOnStaleBuild(win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(KEY) ?? 0);
    } catch {
      return; // no storage: no way to tell a loop, so the error page shows
    }
    if (Date.now() - last < GRACE_MS) return;
    try {
      win.sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    win.location.reload();
  });
}
