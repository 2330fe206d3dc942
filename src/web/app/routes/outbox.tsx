import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { Outbox } from '../../features/email/outbox';
import { useTitle } from '../../lib/use-title';
import { Component as NotFound } from './not-found';

/** /dashboard/outbox: every email the instance queued, for its operators only. */
export function Component() {
  useTitle('Outbox');
  const { data: me } = useMe();
  if (!me?.operator) return <NotFound />;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Outbox">
        Every email this instance queued, sent or gave up on (kept for 30 days).
      </PageHeader>
      <Outbox />
    </main>
  );
}
