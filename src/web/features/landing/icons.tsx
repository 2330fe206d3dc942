import { StrokeIcon } from '../../components/ui/stroke-icon';

/** Outline icons drawn inline (no icon font or image request); decorative unless given a label. */
const paths = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  check: 'M5 12l5 5L20 7',
  upload:
    'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 18v-6M9 15l3-3 3 3',
  reasons: 'M10 6h10M10 12h10M10 18h10M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17',
  review: 'M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4',
  history: 'M12 7v5l3 2M3.5 9A9 9 0 1 1 3 12M3 4v5h5',
  diagram: 'M4 4h6v6H4zM14 14h6v6h-6zM14 7a3 3 0 1 0 6 0a3 3 0 1 0-6 0M7 10v4a2 2 0 0 0 2 2h5',
  feedback: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 10h8M8 14h5',
  code: 'M5 9h14M5 15h14M10 3L8 21M16 3l-2 18',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  download: 'M12 3v12M7 10l5 5 5-5M4 21h16',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  sparkles:
    'M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  layout: 'M3 4h18v16H3zM3 9h18M9 9v11',
  arrow: 'M5 12h14M13 6l6 6-6 6',
} as const;

export type IconName = keyof typeof paths;

/** One icon (1.25rem by default); pass className for size and colour. */
export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
