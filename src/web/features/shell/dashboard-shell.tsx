import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import type { ShellPanel, ShellUser } from './types';
import { useDismiss } from './use-dismiss';
import { UserMenu } from './user-menu';

/**
 * The dashboard frame: fixed top bar, sidebar, and the page. The account menu and the phone
 * sidebar are one piece of state, so at most one is open, and it is tied to the location it was
 * opened at, so every route change closes it.
 */
export function DashboardShell({
  user,
  onSignOut,
  children,
}: {
  user: ShellUser;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}) {
  const location = useLocation();
  const [opened, setOpened] = useState<{ panel: ShellPanel; at: string } | null>(null);
  const panel = opened?.at === location.key ? opened.panel : null;
  const toggle = (p: ShellPanel) => setOpened(panel === p ? null : { panel: p, at: location.key });
  const close = useCallback(() => setOpened(null), []);

  const sidebarRef = useRef<HTMLElement>(null);
  const sidebarToggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(panel === 'sidebar', sidebarRef, sidebarToggleRef, close);
  useEffect(() => {
    if (panel === 'sidebar') sidebarRef.current?.querySelector('a')?.focus();
  }, [panel]);
  useFocusContentOnNavigation(location.pathname);

  const busy = useNavigation().state !== 'idle';
  return (
    <div className="min-h-screen bg-slate-50">
      <ScrollRestoration />
      <a
        href="#content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar
        sidebarOpen={panel === 'sidebar'}
        onToggleSidebar={() => toggle('sidebar')}
        toggleRef={sidebarToggleRef}
      >
        <UserMenu
          user={user}
          open={panel === 'menu'}
          onToggle={() => toggle('menu')}
          onClose={close}
          onSignOut={onSignOut}
        />
      </TopBar>
      {busy ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-16 z-40 h-0.5 animate-pulse bg-brand-600"
        />
      ) : null}
      {panel === 'sidebar' ? (
        <div aria-hidden="true" className="fixed inset-0 top-16 z-20 bg-slate-900/40 lg:hidden" />
      ) : null}
      <Sidebar ref={sidebarRef} role={user.role} open={panel === 'sidebar'} />
      <div id="content" tabIndex={-1} className="pt-16 outline-none lg:pl-64">
        {children}
      </div>
    </div>
  );
}

/** After moving to another page, puts keyboard and screen-reader focus at the start of the new page. */
function useFocusContentOnNavigation(pathname: string) {
  const first = useRef(pathname);
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = '';
    document.getElementById('content')?.focus({ preventScroll: true });
  }, [pathname]);
}
