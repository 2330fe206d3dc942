import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';

/** Shown when a page fails to render: a readable message and a way back, never a blank screen. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6 text-center">
      <div className="max-w-md">
        <h1 className="text-2xl font-bold text-slate-900">{messages.renderFailure}</h1>
        <p className="mt-3 text-slate-600">
          Something went wrong while showing this page. Reload it, or go back home.
        </p>
        {detail ? <p className="mt-2 font-mono text-sm text-slate-500">{detail}</p> : null}
        <a href="/" className={`${buttonClass({ size: 'lg' })} mt-6`}>
          {messages.backToHome}
        </a>
      </div>
    </main>
  );
}
