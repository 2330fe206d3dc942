import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'error';

const tones: Record<AlertTone, string> = {
  info: 'border-brand-500 bg-brand-50 text-brand-800',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/** An inline message box; errors are announced at once (role="alert"), the rest politely. */
export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}

interface ToastState {
  id: number;
  message: string;
  tone: AlertTone;
}

/**
 * A short-lived message at the bottom of the screen (the spec's "alerts"): `show(message)` and
 * render `toast` somewhere in the page. No provider needed; it closes itself after `ms`.
 */
export function useToast(ms = 4000) {
  const [state, setState] = useState<ToastState | null>(null);
  const counter = useRef(0);
  const show = useCallback((message: string, tone: AlertTone = 'error') => {
    counter.current += 1;
    setState({ id: counter.current, message, tone });
  }, []);
  const dismiss = useCallback(() => setState(null), []);
  useEffect(() => {
    if (!state) return;
    const timer = window.setTimeout(dismiss, ms);
    return () => window.clearTimeout(timer);
  }, [state, ms, dismiss]);
  const toast = state ? (
    <div className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        key={state.id}
        role="alert"
        className={`flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tones[state.tone]}`}
      >
        <p className="flex-1">{state.message}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss message"
          className="-m-1 rounded p-1 leading-none opacity-80 hover:opacity-100"
        >
          ×
        </button>
      </div>
    </div>
  ) : null;
  return { toast, show, dismiss };
}
