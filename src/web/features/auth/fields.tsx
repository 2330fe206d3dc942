import { useState, type InputHTMLAttributes } from 'react';
import { controlClass, Field } from '../../components/ui/form-field';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
};

/** A labelled password input with a show/hide toggle. */
export function PasswordField({ id, label, ...input }: Omit<FieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`${controlClass} pr-11`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-controls={id}
          aria-label={`Show ${label.toLowerCase()}`}
          title={shown ? 'Hide' : 'Show'}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="m3 3 18 18" /> : null}
    </svg>
  );
}
