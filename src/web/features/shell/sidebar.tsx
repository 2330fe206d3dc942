import type { Ref } from 'react';
import { NavLink } from 'react-router';
import type { Role } from '../../../shared/api';
import { Icon, type IconName } from './icons';

interface Item {
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
}

/**
 * The dashboard links in the spec's order; the second one depends on the role, and Upgrade to Pro
 * is a teacher's link (a student cannot buy a plan).
 */
export function sidebarItems(role: Role): Item[] {
  const own: Item[] =
    role === 'teacher'
      ? [
          { to: '/dashboard/classes', label: 'Classes', icon: 'users' },
          { to: '/dashboard/create-assignment', label: 'Create Assignment', icon: 'plus' },
          { to: '/dashboard/upgrade-to-pro', label: 'Upgrade to Pro', icon: 'star' },
        ]
      : [
          { to: '/dashboard/join-assignment', label: 'Join Assignment', icon: 'join' },
          { to: '/dashboard/classes', label: 'Classes', icon: 'users' },
        ];
  return [
    { to: '/dashboard', label: 'Dashboard', icon: 'home', end: true },
    ...own,
    { to: '/dashboard/changelog', label: 'Changelog', icon: 'list' },
    { to: '/dashboard/documentation', label: 'Documentation', icon: 'book' },
    { to: '/dashboard/support', label: 'Help', icon: 'help' },
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** Always visible from 1024 px; below that a drawer the top bar opens (`open`). */
export function Sidebar({
  role,
  open,
  ref,
}: {
  role: Role;
  open: boolean;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <nav
      ref={ref}
      id="dashboard-sidebar"
      aria-label="Dashboard"
      className={`fixed top-16 bottom-0 left-0 z-30 flex w-64 flex-col border-r border-slate-200 bg-white transition-[translate,visibility] duration-200 motion-reduce:transition-none lg:visible lg:translate-x-0 ${
        open ? 'visible translate-x-0 shadow-xl' : 'invisible -translate-x-full'
      }`}
    >
      <ul className="flex-1 space-y-1 overflow-y-auto p-3">
        {sidebarItems(role).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClass}>
              <Icon name={item.icon} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-200 px-6 py-4 text-xs text-slate-500">
        Markwise · marks with reasons
      </p>
    </nav>
  );
}
