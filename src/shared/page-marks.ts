import { z } from 'zod';
import { lateMark } from './late-penalty';
import { submissionParams } from './params';

/**
 * Marks on the page: the engine's evidence drawn on a student's own answer pages and the
 * teacher's comments pinned to them. Every place is a share (0..1) of the page as shown, from
 * its top left, whatever the page's size or rotation; shared by the server and the web app.
 */

/** The longest comment a teacher can pin to a page. */
export const MAX_PAGE_COMMENT_LENGTH = 1000;

export const pageCommentMessages = {
  textRequired: 'Write the comment first.',
  textTooLong: `A comment on the page can be at most ${MAX_PAGE_COMMENT_LENGTH} characters.`,
  outsidePage: 'A comment must sit on the page: its place runs from 0 to 1 across and down.',
  boxSize: 'A box needs a width and a height that keep it on the page.',
  pinSize: 'A pin has no width or height; send a box for an area.',
  noSuchPage: (page: number, pages: number) =>
    `Page ${page} is not in this answer: the student handed in ${pages} page${pages === 1 ? '' : 's'}.`,
  commentNotFound: 'That comment is not on this answer.',
  notPublished: 'Your marks have not been published yet.',
  unreadablePdf: 'The answer PDF could not be opened to mark it.',
} as const;

const share = z
  .number({ error: pageCommentMessages.outsidePage })
  .min(0, pageCommentMessages.outsidePage)
  .max(1, pageCommentMessages.outsidePage);

/** POST …/submissions/:id/page-comments: a pin at (x, y), or a box from (x, y) of size (w, h). */
export const pageCommentBody = z
  .object({
    page: z.number().int().min(1, 'Pages are numbered from 1.'),
    kind: z.enum(['pin', 'box']),
    x: share,
    y: share,
    w: share.optional(),
    h: share.optional(),
    text: z
      .string({ error: pageCommentMessages.textRequired })
      .trim()
      .min(1, pageCommentMessages.textRequired)
      .max(MAX_PAGE_COMMENT_LENGTH, pageCommentMessages.textTooLong),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'pin' && (c.w !== undefined || c.h !== undefined))
      ctx.addIssue({ code: 'custom', path: ['w'], message: pageCommentMessages.pinSize });
    if (c.kind === 'box' && (!c.w || !c.h || c.x + c.w > 1 + 1e-9 || c.y + c.h > 1 + 1e-9))
      ctx.addIssue({ code: 'custom', path: ['w'], message: pageCommentMessages.boxSize });
  });
export type PageCommentBody = z.infer<typeof pageCommentBody>;

/** A teacher's comment on a page. */
export const pageComment = z.object({
  id: z.string(),
  page: z.number().int(),
  kind: z.enum(['pin', 'box']),
  x: z.number(),
  y: z.number(),
  w: z.number().nullable(),
  h: z.number().nullable(),
  text: z.string(),
  /** Who wrote it (null once that account is gone). */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PageComment = z.infer<typeof pageComment>;

/** A line of a sentence that states a key point ('stated') or says its opposite ('contradicted'). */
export const pageHighlight = z.object({
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  kind: z.enum(['stated', 'contradicted']),
  question: z.string(),
  /** The key point, as the viewer may read it (a student may see it named by its first words). */
  point: z.string(),
});
export type PageHighlight = z.infer<typeof pageHighlight>;

/** Where a question's answer begins, with its marks as the viewer may see them. */
export const pageQuestion = z.object({
  question: z.string(),
  page: z.number().int(),
  y: z.number(),
  marks: z.number().nullable(),
  total: z.number(),
});
export type PageQuestion = z.infer<typeof pageQuestion>;

/** GET …/submissions/:id/page-marks: the answer's pages and what is drawn on them. */
export const pageMarks = z.object({
  /** Each page's size as shown, in points (pages may differ in size and turn). */
  pages: z.array(z.object({ number: z.number().int(), width: z.number(), height: z.number() })),
  highlights: z.array(pageHighlight),
  questions: z.array(pageQuestion),
  comments: z.array(pageComment),
  /** Sentences of the engine's evidence that could not be found on the pages. */
  unplaced: z.number().int(),
  /** Whether the viewer may add and remove comments (the assignment's teachers). */
  canComment: z.boolean(),
  /** For a student: whether marks are published (before that nothing is drawn). */
  published: z.boolean(),
  /**
   * The answer's marks as they count (null for a student before publishing): the marks that
   * stand (the teacher's typed total included), and the late penalty on them when it was late.
   */
  total: z
    .object({ marks: z.number().nullable(), total: z.number(), late: lateMark.nullable() })
    .nullable(),
});
export type PageMarks = z.infer<typeof pageMarks>;

/** Marks for people: "7.5", "18", never "7.50". */
const shownMarks = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The answer's marks in words, as the grades list writes them: "15 / 20", or after a late
 * penalty "12 / 20 (15 / 20 − 20% late)"; "– / 20" while unmarked. `minus` is the sign between
 * (the marked PDF's standard font has no "−").
 */
export function totalText(t: NonNullable<PageMarks['total']>, minus = '−'): string {
  if (t.marks === null) return `– / ${t.total}`;
  const earned = `${shownMarks(t.marks)} / ${t.total}`;
  const late = t.late;
  if (!late || late.penalisedMarks === null || late.penaltyPercent === 0) return earned;
  return `${shownMarks(late.penalisedMarks)} / ${t.total} (${earned} ${minus} ${late.penaltyPercent}% late)`;
}

/** /api/assignments/:code/submissions/:id/page-comments/:commentId */
export const pageCommentParams = submissionParams.extend({
  commentId: z.string().describe('Comment id'),
});

const base = (code: string, id: string) =>
  `/api/assignments/${encodeURIComponent(code)}/submissions/${encodeURIComponent(id)}`;

/** Where the web app reads an answer's marks on the page. */
export const pageMarksUrl = (code: string, id: string) => `${base(code, id)}/page-marks`;
/** Where comments are added to an answer's pages. */
export const pageCommentsUrl = (code: string, id: string) => `${base(code, id)}/page-comments`;
/** The answer PDF with its marks, comments and highlights written in (a copy; the original stays as handed in). */
export const markedPdfUrl = (code: string, id: string) => `${base(code, id)}/marked.pdf`;
