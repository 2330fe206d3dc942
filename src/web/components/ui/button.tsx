import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold ' +
  'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** Class names of the two button looks, also for links that look like buttons. */
export const buttonStyles = {
  primary: `${base} bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-600`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-brand-600`,
} as const;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof buttonStyles;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
};

/** A button in the product's look; `busy` disables it and shows progress. */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonStyles[variant]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
