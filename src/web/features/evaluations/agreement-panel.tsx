import { useAgreement } from './review-api';
import { formatMarks } from '../../lib/marks';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/**
 * Agreement between the AI and the teacher where both marked: per question and for totals set
 * by hand, the mean difference and the share within half a mark. Shown once there is any.
 */
export function AgreementPanel({ code }: { code: string }) {
  const query = useAgreement(code);
  const data = query.data;
  if (!data || (data.totals.answers === 0 && data.questions.length === 0)) return null;
  const rows = [
    ...data.questions.map((q) => ({ label: `Question ${q.number}`, ...q })),
    ...(data.totals.answers ? [{ label: 'Totals you set', ...data.totals }] : []),
  ];
  return (
    <section
      aria-labelledby="agreement-h"
      className="rounded-lg border border-slate-200 p-3 text-sm sm:p-4"
    >
      <h2 id="agreement-h" className="font-semibold text-slate-900">
        How close the AI is to your marks
      </h2>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className="py-1 font-medium">
              Where you marked
            </th>
            <th scope="col" className="py-1 font-medium">
              Answers
            </th>
            <th scope="col" className="py-1 font-medium">
              Mean difference
            </th>
            <th scope="col" className="py-1 font-medium">
              Within half a mark
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t border-slate-200">
              <th scope="row" className="py-1 font-medium text-slate-900">
                {r.label}
              </th>
              <td className="py-1">{r.answers}</td>
              <td className="py-1">
                {r.meanDifference === null ? '–' : formatMarks(r.meanDifference)}
              </td>
              <td className="py-1">{percent(r.withinHalf)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
