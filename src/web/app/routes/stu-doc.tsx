import studentsGuide from '../../../../docs/students.md?raw';
import { DocArticle } from '../../features/docs/doc-article';
import { usePageMeta } from '../../lib/page-meta';

/** /dashboard/documentation/studoc: the students' guide (docs/students.md). */
export function Component() {
  usePageMeta(
    'Markwise for students · Documentation',
    'How students use Markwise: join with the class code, hand in one PDF before the deadline, and read marks and feedback after it.',
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <DocArticle markdown={studentsGuide} />
    </main>
  );
}
