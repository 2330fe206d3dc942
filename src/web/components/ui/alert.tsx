import type { ReactNode, Ref } from 'react';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, { box: string; icon: string }> = {
  info: {
    box: 'border-brand-500 bg-brand-50 text-brand-800',
    icon: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
  },
  success: {
    box: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    icon: 'M22 11.08V12a10 10 0 1 1-5.93-9.14M22 4 12 14.01l-3-3',
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    icon: 'M12 9v4m0 4h.01M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0Z',
  },
  error: {
    box: 'border-red-300 bg-red-50 text-red-900',
    icon: 'M12 9v4m0 4h.01M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0Z',
  },
};

/**
 * The one message box of the app: a form's outcome, a page's state, a toast. Errors are
 * announced at once (role="alert"), the rest politely (role="status"). The icon is decorative;
 * the words carry the meaning. `onDismiss` adds a close button.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  onDismiss,
  className = '',
  ref,
  tabIndex,
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  onDismiss?: () => void;
  /** Layout only (margins, width, shadow). */
  className?: string;
  /** For a message that takes focus after an action (with `tabIndex={-1}`). */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone].box} ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="mt-0.5 h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={tones[tone].icon} />
      </svg>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-1' : 'font-medium'}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1 rounded p-1 leading-none opacity-80 hover:opacity-100"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
