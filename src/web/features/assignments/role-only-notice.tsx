import { Link } from 'react-router';
import type { Role } from '../../../shared/api';
import { buttonClass } from '../../components/ui/button';

const notices = {
  teacher: {
    text: 'Only teachers create assignments. To take part in one, join it with the class code your teacher gives you.',
    link: { to: '/dashboard/join-assignment', label: 'Join Assignment' },
  },
  student: {
    text: 'Only students join assignments. Share the class code on your assignment’s page with your students; they enter it here.',
    link: { to: '/dashboard', label: 'Go to your assignments' },
  },
} as const;

/**
 * What a page meant for one role says to the other role (someone who followed a shared link):
 * why it is not for them and where to go instead, rather than a silent redirect.
 */
export function RoleOnlyNotice({ pageRole }: { pageRole: Role }) {
  const { text, link } = notices[pageRole];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-slate-800">{text}</p>
      <Link to={link.to} className={`${buttonClass({ size: 'lg' })} mt-4`}>
        {link.label}
      </Link>
    </div>
  );
}
