import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input with its error message tied to it (aria-invalid, aria-describedby). */
export function InputField({
  id,
  label,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled textarea with its error message tied to it. */
export function TextareaField({
  id,
  label,
  error,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}
