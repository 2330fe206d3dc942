import type { ReactNode } from 'react';
import { Icon } from './icons';

/** How to reach the team: support email and phone from the deployment's settings, and the form. */
export function ContactSection({
  supportEmail,
  supportPhone,
  children,
}: {
  supportEmail?: string;
  supportPhone?: string;
  children: ReactNode;
}) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Contact
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Want Markwise for your school, found a problem, or have an idea? Write to us and a
            person will answer.
          </p>
          <ul className="mt-8 space-y-4">
            <li className="flex items-center gap-3">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name="mail" />
              </span>
              <span className="min-h-6">
                <span className="block text-sm text-slate-600">Email</span>
                {supportEmail ? (
                  <a
                    href={`mailto:${supportEmail}`}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {supportEmail}
                  </a>
                ) : (
                  <span className="block h-6" />
                )}
              </span>
            </li>
            <li className="flex items-center gap-3">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name="call" />
              </span>
              <span>
                <span className="block text-sm text-slate-600">Phone</span>
                {supportPhone ? (
                  <a
                    href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {supportPhone}
                  </a>
                ) : (
                  <span className="block h-6" />
                )}
              </span>
            </li>
          </ul>
        </div>
        <div className="lg:col-span-3">{children}</div>
      </div>
    </section>
  );
}
