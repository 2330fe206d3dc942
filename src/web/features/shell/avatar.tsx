import { useState } from 'react';

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({
  src,
  name,
  size = 'h-9 w-9',
}: {
  src: string | null;
  name: string;
  size?: string;
}) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setBroken(true)}
        className={`${size} rounded-full bg-slate-100 object-cover ring-1 ring-slate-200`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800`}
    >
      {initials || '?'}
    </span>
  );
}
