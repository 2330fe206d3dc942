/**
 * A Content-Disposition value that is safe for any file name (RFC 6266): an ASCII-only quoted
 * `filename` for old clients and the exact name in `filename*=UTF-8''…` (RFC 8187 encoding).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
