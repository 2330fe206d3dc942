import { z } from 'zod';
import { MAX_TOTAL_MARKS } from './limits';
import { publishedFinding } from './maths';
import { messages } from './messages';

/**
 * The teacher's review contract: marks per question with rubric items and comments, publishing
 * to students, regrade requests and in-app notices. Shared by the server and the web app.
 */

/** Marks: 0..1000 with at most two decimals. */
export const marksValue = z
  .number({ error: messages.marksInvalid })
  .min(0, messages.marksInvalid)
  .max(MAX_TOTAL_MARKS, messages.marksInvalid)
  .refine((m) => Number(m.toFixed(2)) === m, messages.marksInvalid);

const comment = z.string().trim().max(2000, messages.commentTooLong);

/** One rubric item of a question: a key point with the points it is worth. */
export const rubricItem = z.object({
  id: z.string(),
  question: z.string(),
  text: z.string(),
  points: z.number(),
  alternatives: z.array(z.string()),
});
export type RubricItem = z.infer<typeof rubricItem>;

/** GET /api/assignments/:code/rubric: every question with its marks and rubric items. */
export const rubricResponse = z.object({
  questions: z.array(
    z.object({
      number: z.string(),
      total: z.number(),
      questionText: z.string(),
      items: z.array(rubricItem),
    }),
  ),
});
export type RubricResponse = z.infer<typeof rubricResponse>;

/** POST/PATCH a rubric item. */
const rubricItemFields = {
  text: z.string().trim().min(1, messages.rubricTextRequired).max(500, messages.rubricTextTooLong),
  points: marksValue,
  alternatives: z.array(z.string().trim().min(1).max(200)).max(20),
};
export const rubricItemBody = z.object({
  question: z.string().min(1).max(20),
  ...rubricItemFields,
  alternatives: rubricItemFields.alternatives.default([]),
});
export type RubricItemBody = z.infer<typeof rubricItemBody>;
/** PATCH: only the fields given change. */
export const rubricItemPatch = z.object(rubricItemFields).partial();
export type RubricItemPatch = z.infer<typeof rubricItemPatch>;

/** A submission whose marks a change moved, for "the changes shown". */
export const markMove = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  question: z.string().nullable(),
  from: z.number().nullable(),
  to: z.number().nullable(),
});
export type MarkMove = z.infer<typeof markMove>;
export const rubricChangeResponse = z.object({
  item: rubricItem.nullable(),
  moved: z.array(markMove),
});
export type RubricChangeResponse = z.infer<typeof rubricChangeResponse>;

/**
 * PUT .../submissions/:id/questions/:number: the teacher's marks for one question, typed or
 * from ticked rubric items (then the marks are their points' sum), and a comment. `marks: null`
 * with no items gives the question back to the AI.
 */
export const questionMarkBody = z
  .object({
    marks: marksValue.nullable().optional(),
    items: z.array(z.string()).max(100).optional(),
    comment: comment.nullable().optional(),
  })
  .refine((b) => !(b.items && typeof b.marks === 'number'), {
    message: 'Give marks or rubric items, not both.',
  });
export type QuestionMarkBody = z.infer<typeof questionMarkBody>;

/**
 * PUT .../submissions/:id/questions/:number/feedback: the teacher's words in place of the
 * engine's feedback on one question (`text`), or none at all (`hidden`); neither gives the engine's
 * feedback back.
 */
export const questionFeedbackBody = z.object({
  text: z.string().trim().max(2000, messages.commentTooLong).nullable(),
  hidden: z.boolean(),
});
export type QuestionFeedbackBody = z.infer<typeof questionFeedbackBody>;

/** PUT .../submissions/:id/comment: the overall comment. */
export const overallCommentBody = z.object({ comment: comment.nullable() });
export type OverallCommentBody = z.infer<typeof overallCommentBody>;

/** POST /api/assignments/:code/publish: all marked submissions, or the ones listed. */
export const publishBody = z.object({ submissionIds: z.array(z.string()).max(5000).optional() });
export type PublishBody = z.infer<typeof publishBody>;

/** POST .../submissions/:id/reject-changes: puts the published marks back as the current ones. */
export const publishResponse = z.object({ published: z.number(), unchanged: z.number() });
export type PublishResponse = z.infer<typeof publishResponse>;

/**
 * When students see the model answer's key points quoted whole in their feedback: never, once
 * their marks are published, or once the deadline has passed and no more answers can be handed
 * in (the default). Until then feedback names each key point by its first words, so a student who
 * has her marks back cannot pass the model answer on to those still writing.
 */
export const modelAnswerVisibilities = ['never', 'after-publishing', 'after-deadline'] as const;
export const modelAnswerVisibility = z.enum(modelAnswerVisibilities, {
  error: 'Choose never, after publishing or after the deadline.',
});
export type ModelAnswerVisibility = z.infer<typeof modelAnswerVisibility>;
export const DEFAULT_MODEL_ANSWER_VISIBILITY: ModelAnswerVisibility = 'after-deadline';

/**
 * PUT /api/assignments/:code/review-settings. A setting left out keeps its stored value (a save
 * from a form or client that does not know a setting never wipes it); `regradeDeadline: null`
 * removes the date.
 */
export const reviewSettingsBody = z.object({
  /** Publish marks automatically once the deadline has passed. */
  autoPublish: z.boolean().optional(),
  /** Until when students may ask for a regrade; null: no end. */
  regradeDeadline: z.iso.datetime({ offset: true }).nullable().optional(),
  /** When students see the model answer's key points quoted whole; left out, it stays as it is. */
  modelAnswerVisibility: modelAnswerVisibility.optional(),
  /** Mark with names hidden ("Student 17") until all marks are published; false shows names at once. */
  anonymousMarking: z.boolean().optional(),
});
export type ReviewSettingsBody = z.infer<typeof reviewSettingsBody>;

/**
 * How a student's feedback shows the model answer's key points: quoted whole, or named by their
 * first words until the deadline has passed, or named always (see ModelAnswerVisibility).
 */
export const keyPointsShown = z.enum(['quoted', 'named-until-deadline', 'named']);
export type KeyPointsShown = z.infer<typeof keyPointsShown>;

/**
 * What a student sees of their marks once published. Everything in it follows the marks that
 * stand: a question's key points covered and missing, and the engine's feedback on it, appear only
 * where the marks are the engine's (the teacher's own marks come with the teacher's words).
 */
export const publishedMarks = z.object({
  marks: z.number().nullable(),
  total: z.number(),
  publishedAt: z.string(),
  /** About the whole answer ("Well done: full marks."), or null. */
  feedback: z.string().nullable(),
  comment: z.string().nullable(),
  keyPoints: keyPointsShown.default('quoted'),
  questions: z.array(
    z.object({
      number: z.string(),
      /** Null when the teacher set the total by hand: then no question has marks of its own. */
      marks: z.number().nullable(),
      total: z.number(),
      matched: z.array(z.string()),
      missing: z.array(z.string()),
      comment: z.string().nullable(),
      /** The feedback on this question: the engine's or the teacher's words, or null (none). */
      feedback: z.string().nullable().default(null),
      /** What the engine read for each mathematical key point, and why it earned what it did. */
      maths: z.array(publishedFinding).default([]),
    }),
  ),
});
export type PublishedMarks = z.infer<typeof publishedMarks>;

/** A regrade request as both sides see it. */
export const regradeRequest = z.object({
  id: z.string(),
  submissionId: z.string(),
  studentName: z.string(),
  question: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'answered']),
  response: z.string().nullable(),
  fromMarks: z.number().nullable(),
  toMarks: z.number().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type RegradeRequest = z.infer<typeof regradeRequest>;
export const regradeListResponse = z.object({ requests: z.array(regradeRequest) });

export const regradeRequestBody = z.object({
  question: z.string().min(1).max(20),
  reason: z
    .string()
    .trim()
    .min(1, messages.regradeReasonRequired)
    .max(2000, messages.commentTooLong),
});
export type RegradeRequestBody = z.infer<typeof regradeRequestBody>;

/** The teacher's answer: words, and new marks for the question when they change. */
export const regradeAnswerBody = z.object({
  response: z
    .string()
    .trim()
    .min(1, messages.regradeResponseRequired)
    .max(2000, messages.commentTooLong),
  marks: marksValue.nullable().optional(),
});
export type RegradeAnswerBody = z.infer<typeof regradeAnswerBody>;

/** An in-app notice to a student. */
export const notice = z.object({
  id: z.string(),
  assignmentCode: z.string(),
  assignmentTitle: z.string(),
  kind: z.enum(['published', 'changed', 'regrade-answered']),
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;
export const noticesResponse = z.object({ notices: z.array(notice), unread: z.number() });
export type NoticesResponse = z.infer<typeof noticesResponse>;

/** POST /api/notices/read: the notices to mark read, or every unread one when `ids` is absent. */
export const readNoticesBody = z.object({ ids: z.array(z.string()).max(500).optional() });
export type ReadNoticesBody = z.infer<typeof readNoticesBody>;

/** GET /api/assignments/:code/comments: the teacher's saved comments, most used first, to reuse. */
export const commentsResponse = z.object({ comments: z.array(z.string()) });
export type CommentsResponse = z.infer<typeof commentsResponse>;

const agreementFigures = z.object({
  answers: z.number(),
  /** Mean absolute difference between the AI's marks and the teacher's. */
  meanDifference: z.number().nullable(),
  /** Share of answers where they differ by at most half a mark. */
  withinHalf: z.number().nullable(),
});

/** GET /api/assignments/:code/agreement: how close the AI's proposals are to the teacher's marks. */
export const agreement = z.object({
  totals: agreementFigures,
  questions: z.array(agreementFigures.extend({ number: z.string() })),
});
export type Agreement = z.infer<typeof agreement>;
