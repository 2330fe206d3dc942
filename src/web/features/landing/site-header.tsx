import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icons';
import { Logo } from '../../components/ui/logo';
import { landingSections } from './sections';
import { useActiveSection } from './use-active-section';
import { useScrollToHash } from './use-scroll-to-hash';

const sectionIds = landingSections.map((s) => s.id);

/** Id of the empty element at the very end of the landing page (see useActiveSection). */
export const PAGE_END_ID = 'page-end';

/**
 * The landing page's top bar: logo, anchor links to each section (the one in view marked
 * aria-current), the main button, and on small screens a menu button that opens the links.
 */
export function SiteHeader({ cta }: { cta: ReactNode }) {
  const active = useActiveSection(sectionIds, PAGE_END_ID);
  useScrollToHash();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (mobile: boolean) =>
    landingSections.map(({ id, label }) => (
      <li key={id}>
        <a
          href={`#${id}`}
          aria-current={active === id ? 'location' : undefined}
          onClick={mobile ? () => setOpen(false) : undefined}
          className={`block rounded-md font-medium transition-colors ${
            mobile ? 'px-3 py-3 text-base' : 'px-3 py-2 text-sm'
          } ${
            active === id
              ? 'bg-brand-50 text-brand-700'
              : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
          }`}
        >
          {label}
        </a>
      </li>
    ));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href="#home" className="rounded-md text-lg text-slate-900" aria-label="Markwise, home">
          <Logo />
        </a>
        <nav aria-label="Page sections" className="hidden md:block">
          <ul className="flex items-center gap-1">{links(false)}</ul>
        </nav>
        <div className="flex items-center gap-2">
          {cta}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => setOpen((o) => !o)}
          >
            <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Page sections"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden"
      >
        <ul className="flex flex-col gap-1">{links(true)}</ul>
      </nav>
    </header>
  );
}
