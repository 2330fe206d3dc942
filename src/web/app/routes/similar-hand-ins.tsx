import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SimilarPairs } from '../../features/similarity/similar-pairs';
import { useTitle } from '../../lib/use-title';

/** /dashboard/similar/:code: the assignment's similar hand-ins, for its teachers. */
export function Component() {
  const { code = '' } = useParams();
  useTitle('Similar hand-ins');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="mb-4 text-sm">
        <Link
          to={`/dashboard/assignment/${encodeURIComponent(code)}`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Back to the assignment
        </Link>
      </p>
      <PageHeader title="Similar hand-ins">
        Pairs of hand-ins that share unusual passages, with the share of each. A pair is a flag for
        you to look at, not proof of copying, and it changes no marks.
      </PageHeader>
      <SimilarPairs key={code} code={code} />
    </main>
  );
}
