/** The Markwise mark (same drawing as the favicon) with the word mark beside it; `light` for dark backgrounds. */
export function Logo({
  className = '',
  compact = false,
  tone = 'dark',
}: {
  className?: string;
  compact?: boolean;
  tone?: 'dark' | 'light';
}) {
  const word = tone === 'light' ? 'text-white' : 'text-slate-900';
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="h-8 w-8 shrink-0">
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path
          d="M14 44V20l10 14 8-10 8 10 10-14v24"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="50" cy="48" r="5" fill="#fbbf24" />
      </svg>
      <span className={compact ? 'sr-only' : `text-xl font-bold tracking-tight ${word}`}>
        Markwise
      </span>
    </span>
  );
}
