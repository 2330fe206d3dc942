import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

const variants = {
  /** The page's or form's main action. */
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  /** An action beside the main one (Cancel, Try again, Edit). */
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  /** A further action in the brand colour (Show Grades, Download CSV, Save comment). */
  outline: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  /** The confirmation of a destructive action. */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  /** A destructive action among others (Delete, Stop evaluation, Remove). */
  'danger-outline': 'border border-red-700 bg-white text-red-800 hover:bg-red-50',
  /** An icon button without a frame (a row's pencil, ✓ and ✗). */
  ghost: 'text-slate-700 hover:bg-slate-100',
  /** Underlined words that act (Try again, Show the rubric, Remove a chosen file). */
  link: 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800',
} as const;

const sizes = {
  /** Small controls in table rows; still a 44 px tall target. */
  xs: 'min-h-11 px-2 text-xs',
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-4 py-2 text-sm',
  /** A form's submit button. */
  lg: 'min-h-11 px-5 py-2.5 text-base',
  /** Calls to action on the public pages. */
  xl: 'min-h-12 px-6 py-3 text-base',
  icon: 'p-1.5',
} as const;

/** Link-look sizes: no frame, so only the text size and, where it stands alone, the target height. */
const linkSizes: Record<ButtonSize, string> = {
  xs: 'text-xs',
  sm: 'text-sm',
  md: 'min-h-11 text-sm',
  lg: 'text-base',
  xl: 'text-base',
  icon: '',
};

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (a form's submit button on a phone). */
  block?: boolean;
}

/**
 * The class names of a button look, for a <Link> or <a> that looks like a button. Add only
 * layout classes (margins, widths) beside them, never other colours or paddings.
 */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}) {
  const look =
    variant === 'link'
      ? `rounded ${linkSizes[size]}`
      : // not transition-colors: it fades the focus ring in from the text colour (white on a
        // filled button, invisible on a white card); the ring must show at once
        'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold ' +
        `transition-[color,background-color,border-color] ${sizes[size]}`;
  return `${look} ${variants[variant]} disabled:cursor-not-allowed disabled:opacity-60${
    block ? ' w-full' : ''
  }`;
}

type ButtonProps = ComponentProps<'button'> &
  ButtonLook & {
    /** Shows a spinner and disables the button while an action runs. */
    busy?: boolean;
  };

/** A button in the product's look; `busy` disables it and shows progress. `ref` reaches the <button>. */
export function Button({
  variant,
  size,
  block,
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
      className={`${buttonClass({ variant, size, block })} ${className}`}
      {...rest}
    >
      {busy ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
