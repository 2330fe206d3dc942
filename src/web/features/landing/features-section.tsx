import { Icon, type IconName } from './icons';

const features: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'upload',
    title: 'Online assignments',
    text: 'Publish the question paper once; the whole class hands in PDF answers before the deadline. Late and second submissions are refused with a clear message.',
  },
  {
    icon: 'reasons',
    title: 'AI marking with reasons',
    text: 'Each answer is compared with your model answer, question by question. You see the matched and missing key points behind every mark, never a bare number.',
  },
  {
    icon: 'review',
    title: 'Teacher review',
    text: 'Correct any mark in the grades table before students see it. Your mark always wins, even if you evaluate again, and every change is recorded.',
  },
  {
    icon: 'diagram',
    title: 'Diagram keywords',
    text: 'List the labels a diagram must carry, such as “stomata” or “anode”. Markwise looks for them in the answer, including text in drawn or scanned images.',
  },
  {
    icon: 'feedback',
    title: 'Feedback for students',
    text: 'After the deadline each student sees their own mark with short feedback on what was good and what was missing, and nobody else’s.',
  },
  {
    icon: 'history',
    title: 'Grade history',
    text: 'Past assignments stay on your dashboard with their answers and marks, and grades export to a CSV file for your gradebook.',
  },
  {
    icon: 'code',
    title: 'One class code',
    text: 'Students join an assignment with the short code you share: no class lists to type in, no emails to collect.',
  },
  {
    icon: 'phone',
    title: 'Works on phones',
    text: 'Every page works on a small screen, so students can join, upload and read their feedback from the phone they already have.',
  },
];

/** What Markwise does, feature by feature. */
export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="max-w-3xl">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Features
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Everything a class needs from handing in to handing back, with the teacher’s judgement
            at the centre.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <li key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={f.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
