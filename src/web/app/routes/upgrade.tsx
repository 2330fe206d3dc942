import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { ContactForm } from '../../features/contact/contact-form';
import { PlanCards } from '../../features/pricing/plan-cards';
import { planRequest, type Plan } from '../../features/pricing/plans';
import { usePageMeta } from '../../lib/page-meta';

/**
 * /dashboard/upgrade-to-pro: the Monthly and Yearly plans, for teachers. "Get started" opens the
 * contact form below with the plan and the teacher filled in, so the request reaches the team.
 * A student (who cannot buy a plan) is told so instead.
 */
export function Component() {
  usePageMeta(
    'Upgrade to Pro · Markwise',
    'Markwise plans: Monthly at 300 rupees a month or Yearly at 3200 rupees a year, with AI and text evaluation, image evaluation on the yearly plan, and premium support.',
  );
  const { data: me, isPending } = useMe();
  if (isPending) return null;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      {me?.role === 'teacher' ? (
        <TeacherPlans name={me.name} email={me.email} />
      ) : (
        <>
          <PageHeader title="Upgrade to Pro" />
          <div className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <p className="text-slate-800">
              Plans are for teachers and schools: everything you need to hand in your work and read
              your marks is already free for you. If your school wants Markwise Pro, your teacher
              can ask for it here.
            </p>
            <Link to="/dashboard" className={`${buttonClass({ size: 'lg' })} mt-4`}>
              Go to your assignments
            </Link>
          </div>
        </>
      )}
    </main>
  );
}

function TeacherPlans({ name, email }: { name: string; email: string }) {
  const [chosen, setChosen] = useState<Plan | null>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!chosen || !section.current) return;
    section.current.scrollIntoView({ block: 'start' });
    // name and email come from the account: the phone number is what is left to type
    section.current.querySelector<HTMLElement>('#contact-phone')?.focus({ preventScroll: true });
  }, [chosen]);
  return (
    <>
      <PageHeader title="Upgrade to Pro">
        <p>
          Both plans mark your class’s answers with AI against your model answer. The yearly plan
          also evaluates images such as labelled diagrams, and includes a full year of premium
          support. Prices are in Indian rupees. Choose a plan and our team gets in touch to set it
          up.
        </p>
      </PageHeader>
      <PlanCards onChoose={setChosen} />
      {chosen ? (
        <section
          ref={section}
          aria-labelledby="plan-request-title"
          className="mt-10 max-w-3xl scroll-mt-20"
        >
          <h2 id="plan-request-title" className="mb-1 text-xl font-semibold text-slate-900">
            Ask for the {chosen.name} plan
          </h2>
          <p className="mb-4 text-slate-700">
            Your request goes to the Markwise team, who reply by email to arrange payment.
          </p>
          <ContactForm
            key={chosen.id}
            label={`Ask for the ${chosen.name} plan`}
            initial={{ name, email, message: planRequest(chosen) }}
          />
        </section>
      ) : null}
    </>
  );
}
