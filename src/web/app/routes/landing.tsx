import { useMe, usePublicConfig } from '../../features/auth/auth-api';
import { ContactForm } from '../../features/contact/contact-form';
import { AboutSection } from '../../features/landing/about-section';
import { ContactSection } from '../../features/landing/contact-section';
import { FeaturesSection } from '../../features/landing/features-section';
import { HeroSection } from '../../features/landing/hero-section';
import { PrimaryCta, type SessionState } from '../../features/landing/primary-cta';
import { SiteFooter } from '../../features/landing/site-footer';
import { SiteHeader } from '../../features/landing/site-header';
import { TeamSection } from '../../features/landing/team-section';
import { usePageMeta } from '../../lib/page-meta';

/** The landing page (/): home, about, features, team, contact, footer. */
export function Component() {
  usePageMeta(
    'Markwise — online assignments marked with reasons',
    'Markwise collects your class’s PDF answers online, marks each one against your model answer with the reasons for every mark, and lets you review them before students see their feedback.',
  );
  const me = useMe();
  const config = usePublicConfig();
  const session: SessionState = me.isPending ? 'loading' : me.data ? 'signed-in' : 'signed-out';
  const support = {
    supportEmail: config.data?.supportEmail,
    supportPhone: config.data?.supportPhone,
  };

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader cta={<PrimaryCta session={session} />} />
      <main id="main">
        <HeroSection cta={<PrimaryCta session={session} size="lg" />} />
        <AboutSection />
        <FeaturesSection />
        <TeamSection />
        <ContactSection {...support}>
          <ContactForm />
        </ContactSection>
      </main>
      <SiteFooter {...support} />
    </div>
  );
}
