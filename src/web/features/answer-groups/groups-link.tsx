import { Link } from 'react-router';

/** The way from the grades table to marking by groups. */
export function GroupsLink({ code }: { code: string }) {
  return (
    <p className="text-sm text-slate-800">
      <Link
        to={`/dashboard/gradetable/${encodeURIComponent(code)}/groups`}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Mark by groups
      </Link>{' '}
      — mark the answers that say the same thing in one go.
    </p>
  );
}
