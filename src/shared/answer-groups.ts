import { z } from 'zod';
import { marksValue } from './review';
import { messages } from './messages';

/**
 * Answer groups: per question, the answers that say the same thing (same key points stated,
 * missed and contradicted, close wording, same final number), so the teacher marks a group in
 * one action. Teachers of the assignment only; shared by the server and the web app.
 */

/** Most answers a group mark may name (a class of 500 identical hand-ins is one group). */
export const MAX_GROUP_MEMBERS = 5000;

/** One answer of a group as the teacher sees it. */
export const groupMember = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  /** What the student wrote for this question (as read). */
  text: z.string(),
  /** The question's marks as they stand: the teacher's where given, else the engine's. */
  marks: z.number().nullable(),
  /** The engine's proposal for the question (null: not graded). */
  engineMarks: z.number().nullable(),
  /** Who set `marks`: the engine, the teacher on this answer alone, or the teacher by its group. */
  markedBy: z.enum(['engine', 'teacher', 'group']),
});
export type GroupMember = z.infer<typeof groupMember>;

/** How a key point stands in every answer of a group. */
export const groupPoint = z.object({
  point: z.string(),
  state: z.enum(['stated', 'missed', 'contradicted']),
});

/** One group, biggest first; ungrouped and uncertain ones last, flagged. */
export const answerGroup = z.object({
  /** Stable within a run: its representative's submission id. */
  id: z.string(),
  size: z.number().int(),
  /** The engine's proposed marks for the group (its members' median). */
  proposedMarks: z.number(),
  /** How sure the engine is that one mark fits every member, 0..1. */
  sureness: z.number(),
  /** 'ungrouped': alike to no other answer; 'uncertain': the members differ more than usual. */
  flag: z.enum(['ungrouped', 'uncertain']).nullable(),
  points: z.array(groupPoint),
  finalNumber: z.string().nullable(),
  /** The group of answers that wrote nothing for this question. */
  empty: z.boolean(),
  /** The representative first (the answer most like the others), then the rest. */
  members: z.array(groupMember),
  /** Members the teacher marked on their own with different marks: her marks stand. */
  conflict: z.boolean(),
});
export type AnswerGroup = z.infer<typeof answerGroup>;

/** GET /api/assignments/:code/questions/:number/groups */
export const answerGroupsResponse = z.object({
  question: z.object({ number: z.string(), total: z.number() }),
  /** The run the groups come from (null: no grading run has grouped this class yet). */
  runId: z.string().nullable(),
  groups: z.array(answerGroup),
});
export type AnswerGroupsResponse = z.infer<typeof answerGroupsResponse>;

/** POST …/groups/:group/marks: one mark (and comment) for the group, some answers taken out. */
export const groupMarkBody = z.object({
  marks: marksValue,
  comment: z.string().trim().max(2000, messages.commentTooLong).nullable().optional(),
  /** Answers of the group that do not take this mark. */
  exclude: z.array(z.string().min(1).max(100)).max(MAX_GROUP_MEMBERS).optional(),
});
export type GroupMarkBody = z.infer<typeof groupMarkBody>;

/** What marking a group did: the answers marked, and those her own marks kept out. */
export const groupMarkResponse = z.object({
  marked: z.array(z.string()),
  /** Answers she had marked on their own with other marks: left as they are. */
  conflicts: z.array(
    z.object({ submissionId: z.string(), studentName: z.string(), marks: z.number().nullable() }),
  ),
  group: answerGroup,
});
export type GroupMarkResponse = z.infer<typeof groupMarkResponse>;

/** What the answer-group routes say when they refuse. */
export const groupMessages = {
  groupNotFound:
    'That group is not among the groups of the latest grading run. Reload the groups and try again.',
  notInGroup: 'Only answers of this group can be taken out of it.',
};
