import type { IconName } from './icons';

/** The three kinds of work a team member does, as the Team section names them. */
export const teamRoles = {
  'machine-learning': { label: 'Machine learning', icon: 'sparkles' },
  backend: { label: 'Backend', icon: 'server' },
  frontend: { label: 'Frontend', icon: 'layout' },
} as const satisfies Record<string, { label: string; icon: IconName }>;

export type TeamRole = keyof typeof teamRoles;

/** One card of the Team section, as stored in src/web/content/team.json. */
export interface TeamMember {
  name: string;
  role: TeamRole;
  focus: string;
  profileUrl: string;
}

/** Problems with the content file's entries; empty when every card is valid (checked by a test and at render). */
export function teamProblems(members: unknown): string[] {
  if (!Array.isArray(members)) return ['members must be a list'];
  const problems: string[] = [];
  members.forEach((m: Partial<Record<keyof TeamMember, unknown>>, i) => {
    const at = `members[${i}]`;
    if (typeof m.name !== 'string' || !m.name.trim()) problems.push(`${at}.name is missing`);
    if (typeof m.role !== 'string' || !(m.role in teamRoles))
      problems.push(`${at}.role must be machine-learning, backend or frontend`);
    if (typeof m.focus !== 'string' || !m.focus.trim()) problems.push(`${at}.focus is missing`);
    if (typeof m.profileUrl !== 'string' || !/^(https?:\/\/|\/)/.test(m.profileUrl))
      problems.push(`${at}.profileUrl must start with https://, http:// or /`);
  });
  return problems;
}

/** Keeps the valid cards of the content file, so one bad entry never breaks the page. */
export function validMembers(members: unknown): TeamMember[] {
  if (!Array.isArray(members)) return [];
  return members.filter((m) => teamProblems([m]).length === 0) as TeamMember[];
}
