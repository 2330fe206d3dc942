import { formatReleaseDate, type ChangelogEntry } from './changelog';
import { parseInline } from './markdown';
import { InlineView } from './markdown-view';

/** The releases of the changelog, newest first: version, date and what changed. */
export function ChangelogList({ entries }: { entries: ChangelogEntry[] }) {
  if (!entries.length) return <p className="text-slate-700">No releases yet.</p>;
  return (
    <ol className="space-y-6">
      {entries.map((entry, i) => (
        <li key={entry.version}>
          <article
            aria-labelledby={`release-${entry.version}`}
            className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
          >
            <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h2 id={`release-${entry.version}`} className="text-xl font-bold text-slate-900">
                v{entry.version}
              </h2>
              <time dateTime={entry.date} className="text-sm font-medium text-slate-600">
                {formatReleaseDate(entry.date)}
              </time>
              {i === 0 ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                  Latest
                </span>
              ) : null}
            </header>
            <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-slate-700 marker:text-slate-500">
              {entry.changes.map((change, j) => (
                <li key={j}>
                  <InlineView content={parseInline(change)} />
                </li>
              ))}
            </ul>
          </article>
        </li>
      ))}
    </ol>
  );
}
