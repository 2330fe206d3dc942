import team from '../../content/team.json';
import { Icon } from './icons';
import { teamRoles, validMembers } from './team';

const members = validMembers(team.members);

/** The people behind Markwise: six cards read from src/web/content/team.json. */
export function TeamSection() {
  return (
    <section id="team" aria-labelledby="team-title" className="scroll-mt-16 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="max-w-3xl">
          <h2 id="team-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Team
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Markwise is built by machine learning, backend and frontend engineers who work with
            teachers on what a fair, explainable mark looks like.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {members.map((m, i) => {
            const role = teamRoles[m.role];
            return (
              <li
                key={`${m.profileUrl}-${i}`}
                className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6"
              >
                <div className="flex items-center gap-3">
                  <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                    <Icon name={role.icon} className="h-6 w-6" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">{m.name}</h3>
                    <p className="text-sm font-medium text-brand-700">{role.label}</p>
                  </div>
                </div>
                <p className="mt-4 flex-1 leading-relaxed text-slate-700">{m.focus}</p>
                <a
                  href={m.profileUrl}
                  className="mt-5 inline-flex items-center gap-1.5 self-start rounded-md py-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                  aria-label={`Profile of ${m.name}`}
                  rel="noopener"
                >
                  Profile <Icon name="arrow" className="h-4 w-4" />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
