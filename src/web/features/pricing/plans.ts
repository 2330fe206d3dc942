/** The two plans of the upgrade page (spec section 1): prices in rupees and what each includes. */
export const plans = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: 300,
    period: 'month',
    summary: 'For a teacher trying Markwise with a class or two.',
    features: [
      { label: 'AI evaluation', included: true },
      { label: 'Text evaluation', included: true },
      { label: 'Image evaluation', included: false },
      { label: 'Premium support for 1 month', included: true },
    ],
  },
  {
    id: 'yearly',
    name: 'Yearly',
    price: 3200,
    period: 'year',
    summary: 'For the whole school year, with diagrams and images marked too.',
    features: [
      { label: 'AI evaluation', included: true },
      { label: 'Text evaluation', included: true },
      { label: 'Image evaluation', included: true },
      { label: 'Premium support for 12 months', included: true },
    ],
  },
] as const;

/** 3200 as "₹3,200" (Indian grouping). */
export const formatRupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

/** One plan of the upgrade page. */
export type Plan = (typeof plans)[number];

/** The request a teacher sends through the contact form for a plan. */
export const planRequest = (plan: Plan) =>
  `I would like the ${plan.name} plan (${formatRupees(plan.price)} / ${plan.period}) for Markwise. Please get in touch about payment and setting it up.`;
