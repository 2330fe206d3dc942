import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Avatar } from './avatar';
import { Icon } from './icons';
import type { ShellUser } from './types';
import { useDismiss } from './use-dismiss';

/** The avatar button of the top bar and its panel: name, ROLE, email and Sign out. */
export function UserMenu({
  user,
  open,
  onToggle,
  onClose,
  onSignOut,
}: {
  user: ShellUser;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onSignOut: () => Promise<void>;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const signOutRef = useRef<HTMLButtonElement>(null);
  const [leaving, setLeaving] = useState(false);
  useDismiss(open, panelRef, buttonRef, onClose);
  useEffect(() => {
    if (open) signOutRef.current?.focus();
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls="user-menu"
        aria-label="Account menu"
        className="flex items-center gap-1.5 rounded-full p-1 text-slate-600 hover:bg-slate-100"
      >
        <Avatar src={user.image} name={user.name} />
        <Icon
          name="chevron"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        ref={panelRef}
        id="user-menu"
        hidden={!open}
        className="absolute right-0 mt-2 w-[min(18rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
      >
        <div className="flex items-center gap-3 border-b border-slate-200 p-4">
          <Avatar src={user.image} name={user.name} size="h-11 w-11" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{user.name}</p>
            <p className="mt-0.5 w-fit rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold tracking-wide text-brand-800">
              {user.role.toUpperCase()}
            </p>
            <p className="mt-1 truncate text-sm text-slate-600">{user.email}</p>
          </div>
        </div>
        <div className="p-2">
          <Link
            to="/dashboard/settings"
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Email settings
          </Link>
          {user.operator ? (
            <Link
              to="/dashboard/outbox"
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Outbox
            </Link>
          ) : null}
          <button
            ref={signOutRef}
            type="button"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void onSignOut();
            }}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
          >
            {leaving ? <Spinner className="h-4 w-4" /> : <Icon name="logout" className="h-4 w-4" />}
            Sign out
          </button>
        </div>
      </div>
    </div>
  );
}
