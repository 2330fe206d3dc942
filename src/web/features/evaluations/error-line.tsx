import { ApiError } from '../../lib/api';

/** A failed save under its form: the server's message, or `fallback` when there was none (network). */
export function ErrorLine({ error, fallback }: { error: Error | null; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-red-800">
      {error instanceof ApiError ? error.message : fallback}
    </p>
  );
}
