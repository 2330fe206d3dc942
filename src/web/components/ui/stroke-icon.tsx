/**
 * A 24×24 outline icon drawn inline from one SVG path (no icon font, no image request). Always
 * decorative: the text or the label of the control beside it carries the meaning. Each feature
 * keeps its own set of paths, so a page's chunk carries only the icons it draws.
 */
export function StrokeIcon({
  d,
  className = 'h-5 w-5',
  strokeWidth = 1.8,
}: {
  d: string;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      <path d={d} />
    </svg>
  );
}
