import type { ReactNode } from 'react';

/** The heading block of a dashboard page: a title (the page's h1) and an optional introduction. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children ? (
        <div className="mt-3 max-w-3xl text-base leading-relaxed text-slate-700">{children}</div>
      ) : null}
    </header>
  );
}
