import { useId, useRef, useState, type DragEvent, type FocusEvent } from 'react';
import { Button } from './button';

/**
 * Pick one file by click, keyboard or drag and drop. The parent checks the file (type, size) and
 * decides whether to keep it; `file` is what is currently kept. `error` is the zone's own line
 * (tied to the input): a missing file, or why a picked or dropped file was refused. The real <input type="file"> stays
 * in the page (visually hidden) so keyboards, screen readers and tests can use it.
 */
export function FileDropZone({
  label,
  prompt,
  hint,
  accept,
  file,
  name,
  inputId,
  onFile,
  onClear,
  error,
  disabled = false,
}: {
  label: string;
  prompt: string;
  hint: string;
  accept: string;
  file: File | null;
  name?: string;
  /** The input's id, for a form that moves focus to it; generated when not given. */
  inputId?: string;
  onFile: (file: File) => void;
  onClear?: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const generated = useId();
  const id = inputId ?? generated;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null | undefined) => {
    const picked = files?.[0];
    if (picked) onFile(picked);
    // clearing lets the same file be picked again after a refusal
    if (input.current) input.current.value = '';
  };
  const handleDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  };

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </span>
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={`flex min-h-28 cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
          dragging
            ? 'border-brand-600 bg-brand-50'
            : `${error ? 'border-red-600' : 'border-slate-400'} bg-slate-50 hover:bg-slate-100`
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <UploadIcon />
        <span className="mt-2 text-sm text-slate-700">{prompt}</span>
        <span className="mt-1 text-xs text-slate-600">{hint}</span>
        <input
          ref={input}
          id={id}
          name={name}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-chosen ${id}-error` : `${id}-chosen`}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onFocus={showLabel}
          onChange={(e) => take(e.currentTarget.files)}
          // Chromium opens a file input on Space only; Enter is what people press on a control
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || disabled) return;
            e.preventDefault();
            e.currentTarget.click();
          }}
        />
      </label>
      <p id={`${id}-chosen`} className="mt-1.5 flex items-center gap-2 text-sm text-slate-700">
        {file ? (
          <>
            <span className="min-w-0 truncate">
              Selected: <span className="font-medium">{file.name}</span> ({formatSize(file.size)})
            </span>
            {onClear && !disabled ? (
              <Button variant="link" size="sm" onClick={onClear} className="shrink-0">
                Remove<span className="sr-only"> {file.name}</span>
              </Button>
            ) : null}
          </>
        ) : (
          <span className="text-slate-600">No file selected</span>
        )}
      </p>
      {/* role="alert": a refused pick is announced where it happened, not in a toast elsewhere */}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "312 KB" style size for people. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  return `${Math.round(bytes / 1000)} KB`;
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-8 w-8 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" />
      <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
    </svg>
  );
}

/**
 * Brings a visually hidden file input's label (what the student sees) into view when the keyboard
 * focuses the input: the browser would scroll only the hidden input's own pixel, which may leave
 * the control below or above the screen on a phone.
 */
export function showLabel(e: FocusEvent<HTMLInputElement>) {
  e.currentTarget.closest('label')?.scrollIntoView({ block: 'nearest' });
}
