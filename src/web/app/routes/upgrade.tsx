import { PageHeader } from '../../components/ui/page-header';
import { PlanCards } from '../../features/pricing/plan-cards';
import { usePageMeta } from '../../lib/page-meta';

/** /dashboard/upgrade-to-pro: the Monthly and Yearly plans. */
export function Component() {
  usePageMeta(
    'Upgrade to Pro · Markwise',
    'Markwise plans: Monthly at 300 rupees a month or Yearly at 3200 rupees a year, with AI and text evaluation, image evaluation on the yearly plan, and premium support.',
  );
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Upgrade to Pro">
        <p>
          Both plans mark your class’s answers with AI against your model answer. The yearly plan
          also evaluates images such as labelled diagrams, and includes a full year of premium
          support. Prices are in Indian rupees.
        </p>
      </PageHeader>
      <PlanCards />
    </main>
  );
}
