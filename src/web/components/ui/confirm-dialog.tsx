import { useEffect, useId, useRef } from 'react';
import { Button } from './button';

/**
 * A modal question with Cancel and a confirm button (native <dialog>: focus stays inside,
 * Escape cancels). Rendered only while `open`.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** 'danger' for what cannot be undone (the default), 'primary' for a step to look at first. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Own ids: a page may hold several (the grades page has Undo and Publish), and with shared ids
  // every dialog would be named and described by the first one's words.
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-slate-700">
        {text}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" autoFocus onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={tone} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
