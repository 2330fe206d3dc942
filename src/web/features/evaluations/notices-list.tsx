import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useMarkNoticesRead, useNotices } from './review-api';
import { formatDateTime } from '../../lib/dates';

/**
 * A student's notices on the dashboard: marks published or changed, regrade requests answered,
 * newest first, with the unread ones marked until "Mark all as read".
 */
export function NoticesList() {
  const query = useNotices();
  const markRead = useMarkNoticesRead();
  const notices = query.data?.notices ?? [];
  if (!notices.length) return null;
  const unread = query.data?.unread ?? 0;
  return (
    <section
      aria-labelledby="notices-h"
      className="mt-6 rounded-xl border border-sky-200 bg-sky-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notices-h" className="font-semibold text-sky-950">
          Notices{unread ? ` (${unread} new)` : ''}
        </h2>
        {unread ? (
          <Button variant="link" onClick={() => markRead.mutate()}>
            Mark all as read
          </Button>
        ) : null}
      </div>
      <ul className="mt-2 space-y-2 text-sm">
        {notices.slice(0, 10).map((n) => (
          <li key={n.id} className={n.read ? 'text-slate-700' : 'font-medium text-slate-900'}>
            {n.read ? null : <span className="sr-only">New: </span>}
            <Link
              to={`/dashboard/gradetable/${encodeURIComponent(n.assignmentCode)}`}
              className="underline"
            >
              {n.text}
            </Link>{' '}
            <span className="text-xs text-slate-700">{formatDateTime(n.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
