import { describe, expect, it } from 'vitest';
import team from '../../content/team.json';
import { teamProblems, validMembers } from './team';

describe('the team content file', () => {
  it('holds six valid cards', () => {
    expect(teamProblems(team.members)).toEqual([]);
    expect(team.members).toHaveLength(6);
  });

  it('names each role machine learning, backend or frontend, two of each as shipped', () => {
    const roles = team.members.map((m) => m.role).sort();
    expect(roles).toEqual([
      'backend',
      'backend',
      'frontend',
      'frontend',
      'machine-learning',
      'machine-learning',
    ]);
  });
});

describe('validMembers', () => {
  it('leaves out an entry with an unknown role or an unsafe link', () => {
    const good = { name: 'A', role: 'backend', focus: 'APIs', profileUrl: 'https://x.test/a' };
    const members = [
      good,
      { ...good, role: 'designer' },
      { ...good, profileUrl: 'javascript:alert(1)' },
      { ...good, name: '' },
    ];
    expect(validMembers(members)).toEqual([good]);
    expect(teamProblems(members)).toHaveLength(3);
  });
});
