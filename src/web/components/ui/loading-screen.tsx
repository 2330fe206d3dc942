import { Logo } from './logo';
import { Spinner } from './spinner';

/** Full-page placeholder while the session or a page loads: never a blank screen. */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid min-h-screen place-items-center bg-slate-50 px-6"
      data-testid="loading-screen"
    >
      <div className="flex flex-col items-center gap-5">
        <Logo />
        <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
          <Spinner className="h-5 w-5 text-brand-600" />
          {label}
        </span>
      </div>
    </div>
  );
}
