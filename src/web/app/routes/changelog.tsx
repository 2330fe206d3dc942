import changelogFile from '../../../../CHANGELOG.md?raw';
import { PageHeader } from '../../components/ui/page-header';
import { parseChangelog } from '../../features/docs/changelog';
import { ChangelogList } from '../../features/docs/changelog-list';
import { usePageMeta } from '../../lib/page-meta';

const entries = parseChangelog(changelogFile);

/** /dashboard/changelog: this product's own CHANGELOG.md, newest release first. */
export function Component() {
  usePageMeta('Changelog · Markwise', 'What changed in each release of Markwise, newest first.');
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Changelog">
        <p>What changed in each release of Markwise, newest first.</p>
      </PageHeader>
      <ChangelogList entries={entries} />
    </main>
  );
}
