/**
 * Where to go after signing in: the signed-in page a signed-out visitor asked for travels as
 * `?next=` through log-in, sign-up and the role page. Only a path of this site's dashboard is
 * kept, so a link such as `/login?next=https://evil.example` cannot send anyone elsewhere.
 */
export const NEXT_PARAM = 'next';

const base = 'https://markwise.invalid';

/** The `next` value if it is a dashboard path of this site (with its query and hash), else null. */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // a tab or line break inside the path is dropped by URL parsing; refuse rather than guess
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?next=` added when `next` is a safe place to return to. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNext(next);
  return safe ? `${path}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : path;
}
