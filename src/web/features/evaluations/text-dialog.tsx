import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { TextArea } from '../../components/ui/form-field';
import { ErrorLine } from './error-line';

/**
 * A modal with one text to edit and save, opened over an answer's details (native <dialog>:
 * showModal keeps focus inside and moves it to the text; Escape cancels this dialog only, not
 * the details behind it). "Accept answers like this" and "Correct the reading" use it.
 */
export function TextDialog({
  id,
  title,
  description,
  label,
  maxLength,
  initial,
  saveLabel,
  busy,
  error,
  onSave,
  onCancel,
}: {
  /** Prefix of the ids that tie the title, description and field together. */
  id: string;
  title: string;
  description: ReactNode;
  label: string;
  maxLength: number;
  initial: string;
  saveLabel: string;
  busy: boolean;
  error: Error | null;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState(initial);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave(text);
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onCancel();
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl p-4 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          {description}
        </p>
        <TextArea
          id={`${id}-answer`}
          label={label}
          hint={`At most ${maxLength.toLocaleString('en-GB')} characters.`}
          required
          maxLength={maxLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <ErrorLine error={error} fallback="Not saved. Please try again." />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Saving…' : saveLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
