import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';

const points = [
  'Publish an assignment and share one class code',
  'Students hand in a single PDF before the deadline',
  'Every answer gets proposed marks with the reasons behind them',
];

/** The frame of the log-in, sign-up and role pages: a product panel beside a centred card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-500 p-12 text-white lg:flex">
        <Link to="/" className="w-fit rounded-lg bg-white/95 px-3 py-2">
          <Logo />
        </Link>
        <div>
          <p className="text-3xl leading-tight font-bold">
            Assignments marked in minutes, with reasons you can check.
          </p>
          <ul className="mt-8 space-y-4 text-brand-50">
            {points.map((p) => (
              <li key={p} className="flex gap-3">
                <CheckIcon />
                <span>{p}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-100">Teachers stay in charge of every mark.</p>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 h-72 w-72 rounded-full bg-white/10"
        />
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <Link to="/" className="mb-8 rounded-lg lg:hidden" aria-label="Markwise home">
          <Logo />
        </Link>
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mt-0.5 h-5 w-5 shrink-0 text-amber-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
