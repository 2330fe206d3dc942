import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';

/** Whether somebody is signed in; 'loading' until the session is known. */
export type SessionState = 'loading' | 'signed-in' | 'signed-out';

/** Widths that fit both words, so the button keeps its size when the session is known. */
const sizes = {
  md: 'min-w-[7.5rem] sm:min-w-[8.5rem] sm:px-4 sm:text-base',
  lg: 'min-w-[10rem]',
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
  const cls = `${buttonClass({ size: size === 'lg' ? 'xl' : 'sm' })} ${sizes[size]}`;
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
