import { PageHeader } from '../../components/ui/page-header';
import { EmailSettings } from '../../features/email/email-settings';
import { useTitle } from '../../lib/use-title';

/** /dashboard/settings: which emails the user gets. */
export function Component() {
  useTitle('Settings');
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Settings">Choose which emails Markwise sends you.</PageHeader>
      <EmailSettings />
    </main>
  );
}
