const steps = [
  {
    title: 'Publish',
    text: 'Create an assignment with a title, deadline and total marks, and upload the question paper and your model answer. Markwise gives it a class code.',
  },
  {
    title: 'Collect',
    text: 'Share the code. Each student joins with it and hands in one PDF answer before the deadline, from a laptop or a phone.',
  },
  {
    title: 'Mark and review',
    text: 'Press Evaluate Now. Every answer gets a proposed mark with its reasons; you check, correct where you disagree, and students see their results after the deadline.',
  },
];

/** What Markwise is for and how a class uses it, in three steps. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-16 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="max-w-3xl">
          <h2 id="about-title" className="text-3xl font-bold tracking-tight text-slate-900">
            About Markwise
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Marking a stack of written answers takes evenings, and it is hard to be equally fair to
            the first script and the fortieth. Markwise does the first pass for you: it reads each
            answer, compares it with the answer you expect, and writes down what it found. You stay
            in charge of the final mark.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
