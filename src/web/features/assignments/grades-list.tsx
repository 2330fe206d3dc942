import { useState, type ReactNode } from 'react';
import { submissionFileUrl, type SubmissionsResponse } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { NoSubmissionsYet } from './empty-states';
import { Icon } from './icons';
import { MarksEditor } from './marks-editor';
import { formatMarks } from '../../lib/marks';
import { useFocusReturn } from '../../lib/use-focus-return';
import { orderRows, type GradesOrder } from './grades-order';

type Row = SubmissionsResponse['submissions'][number];

const cell = 'px-2 py-2.5 sm:px-3';
// break-words (not wrap-anywhere): a name wraps between its words; only a word wider than the
// whole column is broken
const name = 'break-words';

/** What a page may add to each submitted row (e.g. the review badges and a details button). */
export interface GradesListSlots {
  /** Shown under the student's name. */
  rowMeta?: (row: Row) => ReactNode;
  /** Shown under the marks (not while they are being edited). */
  marksNote?: (row: Row) => ReactNode;
}

/**
 * The numbered "Student Name" / "Marks Obtained" list: submitted answers (eye to open the PDF,
 * marks or N/E, the teacher's pencil on rows with marks and on answers the engine could not read,
 * which only the teacher can mark), then who has not submitted. The teacher can put the answers
 * the engine is least sure of first; the choice holds while she stays on the page.
 */
export function GradesList({
  data,
  rowMeta,
  marksNote,
}: { data: SubmissionsResponse } & GradesListSlots) {
  const [editing, setEditing] = useState<string | null>(null);
  const [order, setOrder] = useState<GradesOrder>('default');
  // the row's pencil takes focus back when its editor closes (saved or cancelled)
  const focus = useFocusReturn<string>();
  const closeEditor = (id: string) => {
    focus.returnTo(id);
    setEditing(null);
  };
  const { code, totalMarks } = data.assignment;
  const owner = data.viewer === 'owner';
  const notSubmitted = data.viewer === 'owner' ? data.notSubmitted : [];
  const hiddenMarks = data.viewer === 'student' && !data.marksVisible;
  const submissions = owner ? orderRows(data.submissions, order) : data.submissions;

  // The teacher may mark any handed-in answer by hand, before or without the AI.
  const editable = (_row: Row) => owner;
  const marksCell = (row: Row) => {
    if (editable(row) && editing === row.id) {
      return (
        <MarksEditor
          code={code}
          submissionId={row.id}
          studentName={row.studentName}
          marks={row.marks}
          total={totalMarks}
          onClose={() => closeEditor(row.id)}
        />
      );
    }
    if (hiddenMarks)
      return <span className="text-sm text-slate-700">{messages.marksAfterDeadline}</span>;
    return (
      <>
        <span className="inline-flex flex-wrap items-center justify-end gap-x-2">
          <MarksShown marks={row.marks} late={row.late} total={totalMarks} />
          {editable(row) ? (
            <Button
              variant="ghost"
              size="icon"
              ref={focus.focusRef(row.id)}
              onClick={() => setEditing(row.id)}
              aria-label={`Edit marks of ${row.studentName}`}
            >
              <Icon name="pencil" className="h-4 w-4" />
            </Button>
          ) : null}
        </span>
        {marksNote?.(row)}
      </>
    );
  };

  return (
    <div>
      {data.submissions.length === 0 ? <NoSubmissionsYet data={data} /> : null}
      {owner && data.submissions.length > 1 ? (
        <OrderControl order={order} onChange={setOrder} />
      ) : null}
      {data.submissions.length + notSubmitted.length > 0 ? (
        // The list grows with the page rather than scrolling inside a box of its own (the spec's
        // "viewport minus 300 px" left about three rows under the grading panels); its header
        // stays under the top bar as the page scrolls.
        <div role="region" aria-label="Grades" className="rounded-lg border border-slate-200">
          {/*
            On a phone the columns get fixed widths: with automatic widths the marks (or the open
            editor) squeezed the names until they broke inside words. Names wrap between words,
            and a single word longer than its column breaks only as a last resort.
          */}
          <table className="w-full table-fixed text-left text-sm sm:table-auto">
            <thead className="sticky top-16 z-10 bg-slate-100 text-xs text-slate-800 sm:text-sm">
              <tr>
                <th scope="col" className={`w-8 sm:w-10 ${cell} font-semibold`}>
                  <span aria-hidden="true">#</span>
                  <span className="sr-only">Number</span>
                </th>
                <th scope="col" className={`${cell} font-semibold whitespace-nowrap`}>
                  Student Name
                </th>
                <th
                  scope="col"
                  className={`w-32 sm:w-auto ${cell} text-right font-semibold whitespace-nowrap`}
                >
                  Marks Obtained
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {submissions.map((row, i) => (
                <tr key={row.id}>
                  <td className={`${cell} text-slate-600`}>{i + 1}</td>
                  <td className={cell}>
                    <span className="inline-flex max-w-full items-center gap-1.5 sm:gap-2">
                      <a
                        href={submissionFileUrl(code, row.id)}
                        target="_blank"
                        rel="noopener"
                        aria-label={`View answer of ${row.studentName}`}
                        title="View answer"
                        className="shrink-0 rounded-md p-1 text-brand-700 hover:bg-brand-50"
                      >
                        <Icon name="eye" />
                      </a>
                      <span className={`min-w-0 text-slate-900 ${name}`}>{row.studentName}</span>
                    </span>
                    {row.late ? (
                      <span className="block text-xs font-medium text-amber-800">
                        Late by {row.late.lateBy}
                      </span>
                    ) : null}
                    {rowMeta?.(row)}
                  </td>
                  <td className={`${cell} text-right`}>{marksCell(row)}</td>
                </tr>
              ))}
              {notSubmitted.map((s, i) => (
                <tr key={`${s.studentName}-${i}`}>
                  <td className={`${cell} text-slate-600`}>{data.submissions.length + i + 1}</td>
                  <td className={`${cell} text-slate-900 ${name}`}>{s.studentName}</td>
                  <td className={`${cell} text-right text-slate-700`}>{messages.notSubmitted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The marks as they count: after the late penalty when the answer was late, with the marks it
 * earned and the penalty beside them ("12 / 20 (15 / 20 − 20% late)").
 */
function MarksShown({
  marks,
  late,
  total,
}: {
  marks: number | null;
  late: Row['late'];
  total: number;
}) {
  if (marks === null)
    return (
      <span className="font-semibold whitespace-nowrap text-slate-900">
        {messages.notEvaluated}
      </span>
    );
  if (!late || late.penalisedMarks === null || late.penaltyPercent === 0)
    return (
      <span className="font-semibold whitespace-nowrap text-slate-900">
        {formatMarks(marks)} / {total}
      </span>
    );
  return (
    <span className="text-right">
      <span className="font-semibold whitespace-nowrap text-slate-900">
        {formatMarks(late.penalisedMarks)} / {total}
      </span>{' '}
      <span className="text-xs whitespace-nowrap text-slate-700">
        ({formatMarks(marks)} / {total} − {late.penaltyPercent}% late)
      </span>
    </span>
  );
}

/** The teacher's choice of order for the list: by name (the default) or least sure first. */
function OrderControl({
  order,
  onChange,
}: {
  order: GradesOrder;
  onChange: (order: GradesOrder) => void;
}) {
  return (
    <div className="mb-3 flex flex-col items-end gap-1 text-sm">
      <span className="flex flex-wrap items-center justify-end gap-2">
        <label htmlFor="grades-order" className="font-medium text-slate-800">
          Order the answers
        </label>
        <select
          id="grades-order"
          value={order}
          aria-describedby="grades-order-hint"
          onChange={(e) => onChange(e.target.value as GradesOrder)}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900"
        >
          <option value="default">By student name</option>
          <option value="least-sure">Least sure first</option>
        </select>
      </span>
      <span id="grades-order-hint" className="text-right text-slate-700">
        {order === 'least-sure'
          ? 'Answers flagged for review first, then the lowest confidence; your own marks last.'
          : 'Least sure first puts the answers the AI is least sure of at the top.'}
      </span>
    </div>
  );
}
