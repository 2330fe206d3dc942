import { messages } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

/** Shown when the session cannot be read (server down, network lost), with a way to try again. */
export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-6 text-center">
      <div className="flex max-w-sm flex-col items-center gap-4">
        <Logo />
        <h1 className="text-xl font-bold text-slate-900">We could not load your session</h1>
        <p className="text-slate-600">{messages.networkError}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </main>
  );
}
