import { StrokeIcon } from '../../components/ui/stroke-icon';

/** Stroke icons of the grading views; decorative, so the text beside them carries the meaning. */
const paths = {
  warning:
    'M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  fileX:
    'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6Zm0 0v6h6M10 13l4 4m0-4-4 4',
  check: 'M5 13l4 4L19 7',
  cross: 'M6 6l12 12M18 6 6 18',
  download: 'M12 4v11m0 0-4-4m4 4 4-4M4 19h16',
  sparkle: 'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3Z',
  details: 'M4 6h16M4 12h16M4 18h10',
  stop: 'M6 6h12v12H6z',
} as const;

export type EvalIconName = keyof typeof paths;

/** One icon, sized by `className` (default 1rem). */
export function EvalIcon({
  name,
  className = 'h-4 w-4',
}: {
  name: EvalIconName;
  className?: string;
}) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
