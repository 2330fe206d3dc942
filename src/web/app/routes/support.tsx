import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { usePublicConfig } from '../../features/auth/auth-api';
import { FaqAccordion } from '../../features/docs/faq-accordion';
import { faqItems } from '../../features/docs/faq-items';
import { usePageMeta } from '../../lib/page-meta';

/** /dashboard/support ("Help"): five common questions, one answer open at a time, and how to reach support. */
export function Component() {
  usePageMeta(
    'Help · Markwise',
    'Answers to common questions about Markwise: joining with a class code, handing in, how marking works, correcting marks and when students see them.',
  );
  const config = usePublicConfig();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Help">
        <p>
          Answers to the questions we hear most. For step-by-step guides see the{' '}
          <Link to="/dashboard/documentation" className="font-medium text-brand-700 underline">
            documentation
          </Link>
          .
        </p>
      </PageHeader>
      <FaqAccordion items={faqItems} />
      <section
        aria-labelledby="support-contact"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <h2 id="support-contact" className="text-lg font-semibold text-slate-900">
          Still need help?
        </h2>
        <p className="mt-2 min-h-12 leading-relaxed text-slate-700">
          {config.data ? (
            <>
              Email{' '}
              <a
                href={`mailto:${config.data.supportEmail}`}
                className="font-medium text-brand-700 underline"
              >
                {config.data.supportEmail}
              </a>{' '}
              or call{' '}
              <a
                href={`tel:${config.data.supportPhone.replace(/[^\d+]/g, '')}`}
                className="font-medium text-brand-700 underline"
              >
                {config.data.supportPhone}
              </a>
              . A person will get back to you.
            </>
          ) : null}
        </p>
      </section>
    </main>
  );
}
