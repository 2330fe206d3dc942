import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';

/**
 * The 404 page's words, for an assignment the user may not see (or that does not exist): the
 * page never says which of the two it is.
 */
export function NotFoundState() {
  return (
    <main className="grid min-h-[60vh] place-items-center px-4 py-16 text-center">
      <div>
        <p className="text-5xl font-bold text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
          {messages.notFoundTitle}
        </h1>
        <Link to="/" className={`${buttonClass({ size: 'lg' })} mt-6`}>
          {messages.backToHome}
        </Link>
      </div>
    </main>
  );
}

/**
 * What a page shows when its assignment query failed: the 404 page when the user may not see it
 * (or it does not exist), else the error with a way to try again.
 */
export function LoadFailedState({
  error,
  title,
  onRetry,
}: {
  error: Error;
  title: string;
  onRetry: () => void;
}) {
  if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return <NotFoundState />;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <Alert tone="error" title={title}>
        {error.message}{' '}
        <Button variant="link" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </main>
  );
}
