import { Link } from 'react-router';

/** Whether somebody is signed in; 'loading' until the session is known. */
export type SessionState = 'loading' | 'signed-in' | 'signed-out';

const sizes = {
  md: 'min-w-[7.5rem] px-3 py-2 text-sm sm:min-w-[8.5rem] sm:px-4 sm:text-base',
  lg: 'min-w-[10rem] px-6 py-3 text-base',
};

/**
 * The main button: "Get Started" (to /signup) when signed out, "Dashboard" (to /dashboard) when
 * signed in. While the session loads an invisible stand-in of the same size holds its place,
 * so nothing shifts when the answer arrives.
 */
export function PrimaryCta({
  session,
  size = 'md',
}: {
  session: SessionState;
  size?: 'md' | 'lg';
}) {
  const cls = `inline-flex items-center justify-center rounded-lg bg-brand-700 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 ${sizes[size]}`;
  if (session === 'loading') {
    return (
      <span className={`${cls} invisible`} aria-hidden="true">
        Get Started
      </span>
    );
  }
  return session === 'signed-in' ? (
    <Link to="/dashboard" className={cls}>
      Dashboard
    </Link>
  ) : (
    <Link to="/signup" className={cls}>
      Get Started
    </Link>
  );
}
