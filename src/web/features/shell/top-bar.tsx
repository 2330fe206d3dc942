import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { Icon } from './icons';

/** The fixed bar: sidebar toggle (below 1024 px), logo to /dashboard, and the account menu slot. */
export function TopBar({
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  children,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6">
      <button
        ref={toggleRef}
        type="button"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls="dashboard-sidebar"
        aria-label="Navigation"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Icon name={sidebarOpen ? 'close' : 'menu'} className="h-6 w-6" />
      </button>
      <Link to="/dashboard" className="rounded-lg" aria-label="Markwise dashboard">
        <Logo />
      </Link>
      <div className="ml-auto">{children}</div>
    </header>
  );
}
