import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTitle } from '../../lib/use-title';
import { AnswerGroupsView } from '../../features/answer-groups/answer-groups-view';
import { EvaluationControls } from '../../features/evaluations/evaluation-controls';
import { RegradeRest, type MarkedSince } from '../../features/evaluations/regrade-rest';

/** /dashboard/gradetable/:code/groups: mark an assignment's answers by groups, question by question. */
export function Component() {
  const { code = '' } = useParams();
  const client = useQueryClient();
  useTitle('Mark by groups');
  const [marked, setMarked] = useState<MarkedSince>({ groups: 0, answers: 0 });
  const regrade = useRef<HTMLButtonElement>(null);
  return (
    <main key={code} className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Mark by groups
        </h1>
        <Link
          to={`/dashboard/gradetable/${encodeURIComponent(code)}`}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          Back to the grades
        </Link>
      </div>
      <p className="mt-3 max-w-3xl text-slate-700">
        Answers to a question that say the same thing are grouped: mark a group once and every
        answer in it takes the mark. Your own marks on single answers always stand.
      </p>
      <div className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6">
        <EvaluationControls
          code={code}
          hasSubmissions
          showRun={false}
          onFinished={() => client.invalidateQueries({ queryKey: ['assignments', code] })}
        />
        <AnswerGroupsView
          code={code}
          onGroupMarked={(answers) =>
            setMarked((m) => ({ groups: m.groups + 1, answers: m.answers + answers }))
          }
          onRegradeKey={() => regrade.current?.focus()}
          regrade={
            <RegradeRest
              code={code}
              marked={marked}
              buttonRef={regrade}
              onRegraded={() => setMarked({ groups: 0, answers: 0 })}
            />
          }
        />
      </div>
    </main>
  );
}
