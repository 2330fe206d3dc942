import teachersGuide from '../../../../docs/teachers.md?raw';
import { DocArticle } from '../../features/docs/doc-article';
import { usePageMeta } from '../../lib/page-meta';

/** /dashboard/documentation/teachdoc: the teachers' guide (docs/teachers.md). */
export function Component() {
  usePageMeta(
    'Markwise for teachers · Documentation',
    'How teachers use Markwise: create an assignment with a question paper, model answer and diagram keywords, share the class code, evaluate, review marks and export grades.',
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <DocArticle markdown={teachersGuide} />
    </main>
  );
}
