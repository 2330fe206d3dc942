import { useState } from 'react';
import type { RegradeRequest } from '../../../shared/review';
import { Button } from '../../components/ui/button';
import { useAnswerRegrade, useRegradeRequests } from './review-api';
import { ErrorLine } from './error-line';
import { formatDateTime } from '../../lib/dates';
import { formatMarks } from '../../lib/marks';

/** The teacher's open regrade requests, each answered with words and, if it changes, new marks. */
export function RegradePanel({ code }: { code: string }) {
  const query = useRegradeRequests(code);
  const open = (query.data?.requests ?? []).filter((r) => r.status === 'open');
  if (!open.length) return null;
  return (
    <section
      aria-labelledby="regrades-h"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:p-4"
    >
      <h2 id="regrades-h" className="font-semibold text-amber-950">
        Regrade requests ({open.length})
      </h2>
      {open.map((r) => (
        <Answer key={r.id} code={code} request={r} />
      ))}
    </section>
  );
}

function Answer({ code, request }: { code: string; request: RegradeRequest }) {
  const answer = useAnswerRegrade(code);
  const [response, setResponse] = useState('');
  const [marks, setMarks] = useState('');
  const base = `regrade-${request.id}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        answer.mutate({
          id: request.id,
          response,
          marks: marks === '' ? undefined : Number(marks),
        });
      }}
      className="space-y-2 rounded-lg bg-white p-3 text-sm"
    >
      <p className="text-slate-900">
        <span className="font-medium">{request.studentName}</span>, question {request.question} (now{' '}
        {request.fromMarks === null ? '–' : formatMarks(request.fromMarks)}),{' '}
        {formatDateTime(request.createdAt)}:
      </p>
      <p className="text-slate-800">“{request.reason}”</p>
      <label htmlFor={`${base}-response`} className="block font-medium">
        Your answer to {request.studentName}
      </label>
      <textarea
        id={`${base}-response`}
        required
        maxLength={2000}
        value={response}
        onChange={(e) => setResponse(e.target.value)}
        className="min-h-16 w-full rounded-lg border border-slate-400 p-2"
      />
      <label htmlFor={`${base}-marks`} className="block font-medium">
        New marks for question {request.question} (leave empty to keep them)
      </label>
      <input
        id={`${base}-marks`}
        type="number"
        min={0}
        step={0.01}
        value={marks}
        onChange={(e) => setMarks(e.target.value)}
        className="min-h-11 w-28 rounded-lg border border-slate-400 px-3"
      />
      <ErrorLine error={answer.error} fallback="Not sent. Please try again." />
      <div>
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? 'Sending…' : 'Answer the request'}
        </Button>
      </div>
    </form>
  );
}
