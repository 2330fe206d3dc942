import { Fragment } from 'react';
import { Link } from 'react-router';
import type { AssignmentCard as Card, StudentWorkStatus } from '../../../shared/assignments';
import { Button, buttonClass } from '../../components/ui/button';
import { useAssignmentList } from './assignments-api';
import { NoAssignments } from './empty-states';
import { cardExcerpt } from './format';
import { formatDeadlineNear } from '../../lib/dates';

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3';

/**
 * The dashboard's assignment grid: the teacher's own or the student's joined assignments,
 * upcoming first (soonest due first), then past ones marked as past. With none, what to do next
 * for the `role`.
 */
export function AssignmentCards({ role }: { role?: 'teacher' | 'student' }) {
  const list = useAssignmentList();
  if (list.isPending) return <CardsSkeleton />;
  if (list.isError) {
    return (
      <div role="alert" className="mt-8 text-center text-slate-700">
        <p>Your assignments could not be loaded.</p>
        <Button variant="secondary" onClick={() => void list.refetch()} className="mt-3">
          Try again
        </Button>
      </div>
    );
  }
  const all = list.data.assignments;
  if (all.length === 0) return <NoAssignments role={role} />;
  const upcoming = all.filter((a) => !a.isPastDeadline);
  const past = all.filter((a) => a.isPastDeadline);
  return (
    <div className="mt-6 space-y-8">
      {upcoming.length ? <CardGroup title="Upcoming assignments" hidden cards={upcoming} /> : null}
      {past.length ? <CardGroup title="Past assignments" cards={past} /> : null}
    </div>
  );
}

function CardGroup({ title, hidden, cards }: { title: string; hidden?: boolean; cards: Card[] }) {
  return (
    <section>
      <h2 className={hidden ? 'sr-only' : 'mb-3 text-lg font-semibold text-slate-800'}>{title}</h2>
      <ul className={grid}>
        {cards.map((card) => (
          <li key={card.code} className="min-w-0">
            <AssignmentCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AssignmentCard({ card }: { card: Card }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h3 className="line-clamp-2 min-w-0 text-sm font-semibold break-words text-slate-900 sm:text-lg">
          {card.title}
        </h3>
        {card.isPastDeadline ? (
          <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
            Past
          </span>
        ) : null}
      </div>
      {/* no line clamp: the excerpt is already cut to 15 words, and a clamp cut it again on phones */}
      <p className="mt-1.5 text-xs break-words text-slate-700 sm:text-sm">
        {cardExcerpt(card.description)}
      </p>
      <dl className="mt-auto space-y-0.5 pt-3 text-xs text-slate-700 sm:text-sm">
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium">Code:</dt>
          <dd className="font-mono break-all">{card.code}</dd>
        </div>
        {card.extendedDeadline ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-medium">Your extended deadline:</dt>
            <dd className="min-w-0 break-words">{formatDeadlineNear(card.extendedDeadline)}</dd>
          </div>
        ) : (
          <div className="flex flex-wrap gap-x-1">
            <dt className="font-medium">Due:</dt>
            <dd className="min-w-0 break-words">{formatDeadlineNear(card.deadline)}</dd>
          </div>
        )}
        {card.toReview !== undefined ? (
          <WaitingCount label="To review" count={card.toReview} />
        ) : null}
        {card.openRegrades !== undefined ? (
          <WaitingCount label="Regrade requests" count={card.openRegrades} />
        ) : null}
        {card.workStatus ? (
          <div className="flex flex-wrap items-center gap-x-1 pt-1">
            <dt className="sr-only">Your work:</dt>
            <dd>
              <WorkStatus status={card.workStatus} />
            </dd>
          </div>
        ) : null}
      </dl>
      <Link
        to={`/dashboard/assignment/${encodeURIComponent(card.code)}`}
        className={`${buttonClass({ size: 'xs', block: true })} mt-3 sm:text-sm`}
      >
        View Assignment<span className="sr-only">: {card.title}</span>
      </Link>
    </article>
  );
}

/**
 * On a teacher's card: how many answers wait for review (handed in, neither marked by the
 * teacher nor published) or how many regrade requests are open; highlighted while any do.
 */
function WaitingCount({ label, count }: { label: string; count: number }) {
  return (
    <div className="flex flex-wrap items-center gap-x-1">
      <dt className="font-medium">{label}:</dt>
      <dd
        className={
          count > 0
            ? 'rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900'
            : undefined
        }
      >
        {count}
      </dd>
    </div>
  );
}

const workStatus: Record<StudentWorkStatus, { text: string; look: string }> = {
  'not-handed-in': { text: 'Not handed in', look: 'bg-amber-100 text-amber-900' },
  'handed-in': { text: 'Handed in', look: 'bg-emerald-100 text-emerald-900' },
  published: { text: 'Marks published', look: 'bg-brand-100 text-brand-800' },
};

/** The student's own state on a card; marks are only ever mentioned once published. */
function WorkStatus({ status }: { status: StudentWorkStatus }) {
  const shown: StudentWorkStatus[] = status === 'published' ? ['handed-in', status] : [status];
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((s, i) => (
        // a real space between the badges, so they read as "Handed in Marks published"
        <Fragment key={s}>
          {i ? ' ' : null}
          <span
            className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${workStatus[s].look}`}
          >
            {workStatus[s].text}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

function CardsSkeleton() {
  return (
    <div className="mt-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading assignments…
      </p>
      <div className={grid} aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div
            key={i}
            className="h-48 animate-pulse rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="mt-3 h-3 w-full rounded bg-slate-200" />
            <div className="mt-2 h-3 w-5/6 rounded bg-slate-200" />
            <div className="mt-10 h-8 w-full rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
