import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { signInWithOidc, usePublicConfig } from './auth-api';
import { oidcStartErrorMessage } from './auth-errors';

/** "Log In With Google" (or the configured label), shown only when this deployment has OIDC set up. */
export function OidcSignIn({
  verb,
  errorPath,
  next = null,
}: {
  verb: 'Log In' | 'Sign In';
  errorPath: string;
  /** The page to return to after signing in (already checked by `safeNext`). */
  next?: string | null;
}) {
  const { data } = usePublicConfig();
  // The spec's "external sign-in in progress" flag: set while leaving, reset when starting fails.
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!data?.oidc) return null;

  async function handleClick() {
    setLeaving(true);
    setFailure(null);
    try {
      await signInWithOidc(errorPath, next);
    } catch (err) {
      setFailure(oidcStartErrorMessage(err));
      setLeaving(false);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {failure ? (
        <div className="mt-4">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
      <Button
        variant="secondary"
        busy={leaving}
        onClick={() => void handleClick()}
        className="mt-4 w-full"
      >
        {leaving ? null : <KeyIcon />}
        {`${verb} With ${data.oidc.label}`}
      </Button>
    </div>
  );
}

function KeyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
    </svg>
  );
}
