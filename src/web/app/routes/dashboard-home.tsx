import { AssignmentCards } from '../../features/assignments/assignment-cards';
import { useMe } from '../../features/auth/auth-api';
import { CalendarLink } from '../../features/calendar/calendar-link';
import { NoticesList } from '../../features/evaluations/notices-list';
import { greeting } from '../../lib/greeting';
import { useTitle } from '../../lib/use-title';

/** /dashboard: a greeting by time of day and the user's assignments. */
export function Component() {
  useTitle('Dashboard');
  const { data: me } = useMe();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {greeting()}, {me?.name}
      </h1>
      <p className="mt-1 text-slate-600">Welcome to your dashboard...</p>
      {me?.role === 'student' ? <NoticesList /> : null}
      <AssignmentCards
        role={me?.role === 'teacher' || me?.role === 'student' ? me.role : undefined}
      />
      {me?.role === 'teacher' || me?.role === 'student' ? <CalendarLink /> : null}
    </main>
  );
}
