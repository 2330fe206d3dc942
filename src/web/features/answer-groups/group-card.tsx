import { useRef, useState, type KeyboardEvent } from 'react';
import type { AnswerGroup, GroupMember } from '../../../shared/answer-groups';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { formatMarks } from '../../lib/marks';
import { useMarkAnswer, useMarkGroup } from './answer-groups-api';

/** What the keys of a group card do, besides typing in its fields (see AnswerGroupsView). */
export type CardKeys = { onNext: () => void; onPrevious: () => void; onRegrade: () => void };

const STATE_WORDS = { stated: 'States', missed: 'Misses', contradicted: 'Contradicts' } as const;

/** Whether a key press is typing in a field (its keys are the field's own). */
const typing = (e: KeyboardEvent) =>
  e.target instanceof HTMLInputElement ||
  e.target instanceof HTMLTextAreaElement ||
  e.target instanceof HTMLSelectElement;

function MemberLine({
  m,
  out,
  onToggle,
  code,
  number,
  total,
}: {
  m: GroupMember;
  out: boolean;
  onToggle: () => void;
  code: string;
  number: string;
  total: number;
}) {
  const alone = useMarkAnswer(code, number);
  const [marks, setMarks] = useState('');
  const by =
    m.markedBy === 'teacher'
      ? 'your own mark'
      : m.markedBy === 'group'
        ? 'marked with its group'
        : 'proposed by Markwise';
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{m.studentName}</span>
        <span className="text-slate-700">
          {m.marks === null ? 'no marks yet' : `${m.marks} / ${total}`} ({by})
        </span>
      </p>
      <p className="break-words whitespace-pre-wrap text-sm text-slate-800">
        {m.text || '(nothing written)'}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-800">
          <input type="checkbox" checked={out} onChange={onToggle} className="h-4 w-4" />
          Take out of the group
        </label>
        <form
          className="inline-flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const value = Number(marks);
            if (marks.trim() === '' || Number.isNaN(value)) return;
            alone.mutate({ id: m.submissionId, marks: value });
          }}
        >
          <label className="text-slate-800" htmlFor={`alone-${m.submissionId}`}>
            Mark on its own
          </label>
          <input
            id={`alone-${m.submissionId}`}
            type="number"
            inputMode="decimal"
            min={0}
            max={total}
            step={0.5}
            value={marks}
            onChange={(e) => setMarks(e.target.value)}
            className="min-h-11 w-20 rounded-md border border-slate-400 px-2"
          />
          <Button type="submit" variant="secondary" size="xs" disabled={alone.isPending}>
            Save
          </Button>
        </form>
      </div>
      {alone.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {alone.error instanceof ApiError ? alone.error.message : 'The mark could not be saved.'}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One answer group: what its answers say, the proposed marks and how sure Markwise is, the
 * representative first, and one form to mark them all. Keys on the card: ↓/j and ↑/k the next and
 * previous group, →/n and ←/p the next and previous answer, x takes the answer out, a digit sets
 * the mark, Enter confirms.
 */
export function GroupCard({
  group,
  index,
  count,
  code,
  number,
  total,
  active,
  keys,
  onMarked,
  onActivate,
  cardRef,
}: {
  group: AnswerGroup;
  index: number;
  count: number;
  code: string;
  number: string;
  total: number;
  active: boolean;
  keys: CardKeys;
  /** The group was marked: what to say, and how many answers took the mark. */
  onMarked: (message: string, answers: number) => void;
  /** The card got focus (a click or Tab): its keys are the ones in use now. */
  onActivate: () => void;
  cardRef: (el: HTMLElement | null) => void;
}) {
  const markGroup = useMarkGroup(code, number);
  // Marked already (every answer has the teacher's marks, the same): those marks, not the engine's,
  // so that Enter confirms what she gave instead of quietly replacing it.
  const given = markedAlike(group);
  const [marks, setMarks] = useState(String(given ?? group.proposedMarks));
  const [comment, setComment] = useState('');
  const [out, setOut] = useState<Set<string>>(new Set());
  const [answer, setAnswer] = useState(-1);
  const form = useRef<HTMLFormElement>(null);
  const answers = useRef<(HTMLLIElement | null)[]>([]);
  const headingId = `group-${group.id}-h`;
  const taking = group.members.length - out.size;

  const toggle = (id: string) =>
    setOut((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const focusAnswer = (k: number) => {
    const i = Math.max(0, Math.min(group.members.length - 1, k));
    setAnswer(i);
    answers.current[i]?.focus();
  };

  const submit = () => {
    const value = Number(marks);
    if (marks.trim() === '' || Number.isNaN(value)) return;
    markGroup.mutate(
      {
        group: group.id,
        body: { marks: value, ...(comment.trim() && { comment }), exclude: [...out] },
      },
      {
        onSuccess: (r) => {
          const kept = r.conflicts.length
            ? ` Your own marks stand on ${r.conflicts.map((c) => `${c.studentName} (${c.marks ?? '–'})`).join(', ')}.`
            : '';
          onMarked(
            `Group ${index + 1}: ${r.marked.length} answer${r.marked.length === 1 ? '' : 's'} given ${value} mark${value === 1 ? '' : 's'}.${kept}`,
            r.marked.length,
          );
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e)) return;
    const k = e.key;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if (k === 'ArrowDown' || k === 'j') return (handled(), keys.onNext());
    if (k === 'ArrowUp' || k === 'k') return (handled(), keys.onPrevious());
    if (k === 'ArrowRight' || k === 'n') return (handled(), focusAnswer(answer + 1));
    if (k === 'ArrowLeft' || k === 'p') return (handled(), focusAnswer(answer - 1));
    if (k === 'r') return (handled(), keys.onRegrade());
    if (k === 'x' && answer >= 0) return (handled(), toggle(group.members[answer]!.submissionId));
    if (/^[0-9]$/.test(k) && Number(k) <= total) return (handled(), setMarks(k));
    if (k === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
      handled();
      form.current?.requestSubmit();
    }
  };

  const flagText =
    group.flag === 'ungrouped'
      ? 'Alike to no other answer'
      : group.flag === 'uncertain'
        ? 'Uncertain: these answers differ more than usual'
        : null;

  return (
    <section
      ref={cardRef}
      tabIndex={active ? 0 : -1}
      aria-labelledby={headingId}
      aria-describedby="groups-keys"
      onKeyDown={onKeyDown}
      onFocus={onActivate}
      className={`rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-700 sm:p-4 ${
        active ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'
      }`}
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        Group {index + 1} of {count}: {group.size} answer{group.size === 1 ? '' : 's'}
        {group.empty ? ', nothing written' : ''}
      </h3>
      <p className="mt-1 text-sm text-slate-800">
        Markwise proposes {group.proposedMarks} / {total}
        {group.size > 1
          ? ` for each; how sure it is that one mark fits them all: ${Math.round(group.sureness * 100)}%`
          : ''}
        .{group.finalNumber !== null ? ` Final number: ${group.finalNumber}.` : ''}
      </p>
      {flagText ? (
        <p className="mt-1 text-sm font-medium text-amber-900">
          <span className="rounded bg-amber-100 px-1.5 py-0.5">{flagText}</span>
        </p>
      ) : null}
      {group.conflict ? (
        <p className="mt-1 text-sm font-medium text-red-800">
          Conflict: you marked some of these answers on their own with other marks. Your marks
          stand; marking the group leaves them as they are.
        </p>
      ) : null}
      {group.points.length ? (
        <ul className="mt-2 flex flex-wrap gap-1 text-xs">
          {group.points.map((p) => (
            <li
              key={`${p.state}:${p.point}`}
              className={`rounded px-1.5 py-0.5 ${
                p.state === 'stated'
                  ? 'bg-green-100 text-green-900'
                  : p.state === 'contradicted'
                    ? 'bg-red-100 text-red-900'
                    : 'bg-slate-100 text-slate-800'
              }`}
            >
              {STATE_WORDS[p.state]}: {p.point}
            </li>
          ))}
        </ul>
      ) : null}
      <ol
        aria-label={`Answers in group ${index + 1}, the representative first`}
        className="mt-3 max-h-96 space-y-2 overflow-y-auto"
      >
        {group.members.map((m, k) => (
          <li
            key={m.submissionId}
            ref={(el) => {
              answers.current[k] = el;
            }}
            tabIndex={-1}
            aria-label={`${k === 0 ? 'Representative answer' : 'Answer'} by ${m.studentName}`}
            className={`rounded-md border p-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-700 ${
              out.has(m.submissionId)
                ? 'border-dashed border-slate-400 opacity-80'
                : 'border-slate-200 bg-white'
            }`}
          >
            {k === 0 ? (
              <p className="text-xs font-semibold text-brand-800 uppercase">Representative</p>
            ) : null}
            <MemberLine
              m={m}
              out={out.has(m.submissionId)}
              onToggle={() => toggle(m.submissionId)}
              code={code}
              number={number}
              total={total}
            />
          </li>
        ))}
      </ol>
      {given !== null ? (
        <p className="mt-3 text-sm font-medium text-green-900">
          You marked {group.members.length === 1 ? 'this answer' : 'every answer of this group'}{' '}
          {formatMarks(given)} / {formatMarks(total)}.
        </p>
      ) : null}
      <form
        ref={form}
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col text-sm text-slate-800">
          Marks for the group (out of {total})
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={total}
            step={0.5}
            required
            value={marks}
            onChange={(e) => setMarks(e.target.value)}
            className="min-h-11 w-28 rounded-md border border-slate-400 px-2"
          />
        </label>
        <label className="flex grow flex-col text-sm text-slate-800">
          Comment for every answer (optional)
          <input
            type="text"
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="min-h-11 rounded-md border border-slate-400 px-2"
          />
        </label>
        <Button type="submit" disabled={markGroup.isPending || taking === 0}>
          Mark {taking} answer{taking === 1 ? '' : 's'}
        </Button>
      </form>
      {markGroup.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {markGroup.error instanceof ApiError
            ? markGroup.error.message
            : 'The group could not be marked.'}
        </p>
      ) : null}
    </section>
  );
}

/** The marks the teacher gave every answer of the group, when she gave them all the same; else null. */
export function markedAlike(group: AnswerGroup): number | null {
  const first = group.members[0];
  if (!first || first.markedBy === 'engine' || first.marks === null) return null;
  return group.members.every((m) => m.markedBy !== 'engine' && m.marks === first.marks)
    ? first.marks
    : null;
}
