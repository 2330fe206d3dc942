import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { usePageMeta } from '../../lib/page-meta';

const guides = [
  {
    to: '/dashboard/documentation/teachdoc',
    title: 'For teachers',
    text: 'Create an assignment with a question paper, model answer and diagram keywords, share the class code, evaluate the answers, review and correct marks, and export grades.',
  },
  {
    to: '/dashboard/documentation/studoc',
    title: 'For students',
    text: 'Join an assignment with the class code, hand in your PDF answer before the deadline, and read your marks and feedback after it.',
  },
];

const more = [
  {
    to: '/dashboard/support',
    title: 'Help',
    text: 'Answers to common questions and how to reach support.',
  },
  { to: '/dashboard/changelog', title: 'Changelog', text: 'What changed in each release.' },
];

/** /dashboard/documentation: the way into the teachers' and students' guides. */
export function Component() {
  usePageMeta(
    'Documentation · Markwise',
    'Guides for teachers and students: how to publish, hand in, evaluate and review assignments with Markwise.',
  );
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Documentation">
        <p>Step-by-step guides to Markwise. Pick the one for your role.</p>
      </PageHeader>
      <ul className="grid gap-6 md:grid-cols-2">
        {guides.map((g) => (
          <li key={g.to}>
            <Link
              to={g.to}
              className="group block h-full rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:border-brand-600 hover:shadow-md"
            >
              <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                {g.title}
              </h2>
              <p className="mt-2 leading-relaxed text-slate-700">{g.text}</p>
              <span className="mt-4 inline-block font-semibold text-brand-700">
                Read the guide →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-lg font-semibold text-slate-900">More</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {more.map((m) => (
          <li key={m.to}>
            <Link
              to={m.to}
              className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600"
            >
              <span className="font-semibold text-brand-700">{m.title}</span>
              <span className="mt-1 block text-sm text-slate-700">{m.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
