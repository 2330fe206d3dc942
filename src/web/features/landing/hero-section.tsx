import type { ReactNode } from 'react';
import { Icon } from './icons';

/** What a marked answer looks like to the teacher: the mark, what matched, what is missing, the feedback. */
function MarkedAnswerPreview() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-900/5 sm:p-6">
      <figcaption className="flex items-start justify-between gap-4">
        <span>
          <span className="block text-sm font-medium text-slate-600">
            Question 2 · Photosynthesis
          </span>
          <span className="mt-1 block font-semibold text-slate-900">Answer by Student 14</span>
        </span>
        <span className="whitespace-nowrap rounded-lg bg-brand-50 px-3 py-1.5 text-lg font-bold text-brand-800">
          7 / 10
        </span>
      </figcaption>
      <dl className="mt-5 space-y-4 text-sm">
        <div>
          <dt className="font-semibold text-emerald-800">Matched key points</dt>
          <dd className="mt-1.5 flex flex-wrap gap-2">
            {['chlorophyll absorbs light', 'carbon dioxide and water', 'glucose is produced'].map(
              (p) => (
                <span key={p} className="rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-900">
                  {p}
                </span>
              ),
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-amber-800">Missing</dt>
          <dd className="mt-1.5 flex flex-wrap gap-2">
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-900">
              oxygen is released
            </span>
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-900">
              diagram label: stomata
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Feedback for the student</dt>
          <dd className="mt-1.5 text-slate-700">
            Clear explanation of the inputs. Say what the plant gives off, and label the stomata on
            your leaf diagram.
          </dd>
        </div>
      </dl>
      <p className="mt-5 flex items-center gap-2 border-t border-slate-100 pt-4 text-sm text-slate-600">
        <Icon name="review" className="h-4 w-4 text-brand-700" />
        The teacher reviews every mark before students see it.
      </p>
    </figure>
  );
}

/** The first screen: what Markwise is, in one sentence, with the main button. */
export function HeroSection({ cta }: { cta: ReactNode }) {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
            Online assignments · AI marking · Teacher review
          </p>
          <h1
            id="home-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Every answer marked, every mark explained.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-700">
            Your class hands in PDF answers online. Markwise marks each one against your model
            answer and shows why: the key points found, the ones missing, and feedback for the
            student. You review, correct and release the grades.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            {cta}
            <a
              href="#features"
              className="inline-flex items-center gap-2 rounded-lg px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              See what it does <Icon name="arrow" className="h-4 w-4" />
            </a>
          </div>
        </div>
        <MarkedAnswerPreview />
      </div>
    </section>
  );
}
