import { describe, expect, it } from 'vitest';
import type { AnswerGroup, GroupMember } from '../../../shared/answer-groups';
import { markedAlike } from './group-card';

const member = (marks: number | null, markedBy: GroupMember['markedBy']): GroupMember => ({
  submissionId: `s${Math.random()}`,
  studentName: 'A',
  text: 'The bulb goes out.',
  marks,
  engineMarks: 3.5,
  markedBy,
});
const group = (members: GroupMember[]) => ({ members }) as AnswerGroup;

describe('a group the teacher marked', () => {
  it('offers her marks when she gave every answer the same', () => {
    expect(markedAlike(group([member(3, 'group'), member(3, 'group')]))).toBe(3);
    expect(markedAlike(group([member(0, 'teacher'), member(0, 'group')]))).toBe(0);
  });

  it("offers the engine's when any answer is still the engine's or her marks differ", () => {
    expect(markedAlike(group([member(3, 'group'), member(3.5, 'engine')]))).toBeNull();
    expect(markedAlike(group([member(3.5, 'engine'), member(3, 'group')]))).toBeNull();
    expect(markedAlike(group([member(3, 'group'), member(2, 'teacher')]))).toBeNull();
    expect(markedAlike(group([member(null, 'engine')]))).toBeNull();
  });
});
