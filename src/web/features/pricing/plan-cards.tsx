import { Button } from '../../components/ui/button';
import { formatRupees, plans, type Plan } from './plans';

function Mark({ included }: { included: boolean }) {
  return included ? (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-emerald-700"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ) : (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The Monthly and Yearly plans side by side (stacked on phones), each with a "Get started" button
 * that hands the plan to `onChoose` (the page opens the contact form with it).
 */
export function PlanCards({ onChoose }: { onChoose: (plan: Plan) => void }) {
  return (
    <ul className="grid max-w-4xl gap-6 md:grid-cols-2">
      {plans.map((plan) => {
        const featured = plan.id === 'yearly';
        return (
          <li
            key={plan.id}
            aria-labelledby={`plan-${plan.id}`}
            className={`relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 ${featured ? 'border-brand-600 shadow-lg ring-1 ring-brand-600' : 'border-slate-200'}`}
          >
            {featured ? (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">
                Best value
              </p>
            ) : null}
            <h2 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
              {plan.name}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-slate-900">
                {formatRupees(plan.price)}
              </span>
              <span className="text-slate-600">/ {plan.period}</span>
            </p>
            <p className="sr-only">
              {plan.price} rupees per {plan.period}
            </p>
            <ul className="mt-6 flex-1 space-y-3">
              {plan.features.map((f) => (
                <li
                  key={f.label}
                  className={`flex items-center gap-3 ${f.included ? 'text-slate-800' : 'text-slate-500 line-through'}`}
                >
                  <Mark included={f.included} />
                  <span>
                    {f.label}
                    {f.included ? null : <span className="sr-only"> (not included)</span>}
                  </span>
                </li>
              ))}
            </ul>
            <Button
              variant={featured ? 'primary' : 'outline'}
              size="xl"
              className="mt-8"
              aria-label={`Get started with the ${plan.name} plan`}
              onClick={() => onChoose(plan)}
            >
              Get started
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
