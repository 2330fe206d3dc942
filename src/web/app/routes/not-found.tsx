import { Link, useLocation } from 'react-router';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useTitle } from '../../lib/use-title';

/** Any unknown path: the spec's 404 page, inside the dashboard frame when under /dashboard. */
export function Component() {
  useTitle('Page not found');
  const inDashboard = /^\/dashboard(\/|$)/.test(useLocation().pathname);
  return (
    <main
      className={`grid place-items-center px-6 py-12 text-center ${
        inDashboard ? 'min-h-[calc(100vh-4rem)]' : 'min-h-screen bg-slate-50'
      }`}
    >
      <div className="flex max-w-md flex-col items-center">
        {inDashboard ? null : <Logo className="mb-10" />}
        <p className="bg-gradient-to-br from-brand-800 to-brand-500 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
          {messages.notFoundTitle}
        </h1>
        <p className="mt-3 text-slate-600">
          The page you are looking for does not exist, or it has moved.
        </p>
        <Link to="/" className={`${buttonClass({ size: 'xl' })} mt-8`}>
          {messages.backToHome}
        </Link>
      </div>
    </main>
  );
}
