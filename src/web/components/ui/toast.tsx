import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, type AlertTone } from './alert';

interface ToastState {
  id: number;
  message: string;
  tone: AlertTone;
}

/**
 * A short-lived message at the bottom of the screen (the spec's "alerts"), for the outcome of an
 * action that has no place of its own on the page (Copy code, a failed delete): `show(message)`
 * and render `toast` somewhere in the page. No provider needed; it closes itself after `ms`.
 * A form's outcome belongs beside the form instead: an <Alert>.
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
      <Alert key={state.id} tone={state.tone} onDismiss={dismiss} className="max-w-md shadow-lg">
        {state.message}
      </Alert>
    </div>
  ) : null;
  return { toast, show, dismiss };
}
