import { useMemo } from 'react';
import { Link } from 'react-router';
import { parseMarkdown } from './markdown';
import { InlineView, MarkdownView } from './markdown-view';

/** A guide from docs/*.md: a back link, its title, a table of contents of its sections, then the text. */
export function DocArticle({ markdown }: { markdown: string }) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  const [first, ...rest] = blocks;
  const title = first?.type === 'heading' && first.level === 1 ? first : undefined;
  const body = title ? rest : blocks;
  const sections = body.filter((b) => b.type === 'heading' && b.level === 2);
  return (
    <div>
      <Link
        to="/dashboard/documentation"
        className="inline-block rounded-md py-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Documentation
      </Link>
      {title ? <MarkdownView blocks={[title]} /> : null}
      <div className="mt-6 lg:flex lg:flex-row-reverse lg:items-start lg:gap-10">
        {sections.length ? (
          <nav
            aria-label="On this page"
            className="mb-8 rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-24 lg:w-64 lg:shrink-0"
          >
            <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {sections.map(
                (s) =>
                  s.type === 'heading' && (
                    <li key={s.id}>
                      <a
                        href={`#${s.id}`}
                        className="block rounded py-1 text-slate-700 hover:text-brand-700"
                      >
                        <InlineView content={s.content} />
                      </a>
                    </li>
                  ),
              )}
            </ul>
          </nav>
        ) : null}
        <div className="min-w-0 flex-1">
          <MarkdownView blocks={body} />
        </div>
      </div>
    </div>
  );
}
