import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

/** The look of every text control: large enough to tap, 16 px text on phones (no zoom on focus). */
export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 ' +
  'shadow-sm aria-[invalid=true]:border-red-600 ' +
  'placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ' +
  'focus:outline-none read-only:bg-slate-100 disabled:bg-slate-100 sm:text-sm';

interface FieldProps {
  id: string;
  label: string;
  /** A line under the field that explains it (tied to it with aria-describedby). */
  hint?: string;
  /** The field's problem, shown under it in red; marks the control aria-invalid. */
  error?: string;
}

/** A label above a control, with the hint and error lines under it. */
export function Field({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** What a control needs to be tied to its hint and error lines. */
export function describedControl(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  } as const;
}

/** A labelled input with an optional hint and error, wired for screen readers. */
export function TextField({
  id,
  label,
  hint,
  error,
  className = '',
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...describedControl(id, hint, error)}
        className={`${controlClass} ${className}`}
        {...input}
      />
    </Field>
  );
}

/** A labelled textarea with an optional hint and error. */
export function TextArea({
  id,
  label,
  hint,
  error,
  className = '',
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        {...describedControl(id, hint, error)}
        className={`${controlClass} min-h-28 ${className}`}
        {...area}
      />
    </Field>
  );
}

/** The hint and error lines under a field (ids `${id}-hint`, `${id}-error`). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
