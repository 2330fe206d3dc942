import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submissionParams } from '../../../shared/params';
import {
  pageComment,
  pageCommentBody,
  pageCommentMessages,
  pageCommentParams,
  pageMarks,
} from '../../../shared/page-marks';
import { conflict } from '../../errors';
import {
  assignmentRefusals,
  binary,
  bodyRefusals,
  json,
  noContent,
  refusals,
} from '../../openapi/route-schema';
import { authorise } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { sendDownload } from '../files/files.service';
import { findSubmissionIn } from '../submissions/submissions.service';
import { authoriseSubmission } from '../submissions/submissions.policy';
import {
  addPageComment,
  answerPages,
  drawnMarksOf,
  markedCopy,
  removePageComment,
} from './page-marks.service';

const tags = ['review'];

/**
 * Marks on the page: the engine's evidence and the teacher's comments drawn on a student's own
 * answer pages, and the marked PDF. Reading them: the assignment's teachers, and the student who
 * made the answer once marks are published; comments are added and removed by its teachers only.
 */
export async function pageMarkRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;

  const readSchema = {
    summary: 'What is drawn on an answer’s pages',
    description:
      'Highlights of the sentences that state (or contradict) key points, where each question begins with its marks, the answer’s total after any late penalty, and the teacher’s comments, as shares (0..1) of each page as shown. The teachers see the marks that stand: none per question when a total was typed, and no highlights for a question whose marks they set themselves. A student gets nothing drawn before marks are published, and then only the published marks, the credited key points and the comments as published (one added or removed since waits for the next publishing). Another student gets 404. The PDF is read in a reader process within the read limits: 409 unreadable_pdf, saying why, when it cannot be.',
    tags,
    params: submissionParams,
    response: {
      200: json(pageMarks, 'The pages and what is drawn on them'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.get(
    '/api/assignments/:code/submissions/:id/page-marks',
    { schema: readSchema },
    async (request) => {
      const { user, assignment, submission } = await authoriseSubmission(db, request);
      const pages = await answerPages(deps, user, submission);
      return drawnMarksOf(deps, user, assignment, submission, pages);
    },
  );

  const addSchema = {
    summary: 'Pin a comment to a page of an answer',
    description:
      'A pin at (x, y), or a box from (x, y) of size (w, h), as shares (0..1) of the page as shown; text 1–1000 characters. 400 for a place off the page or a page the answer does not have. Teachers of the assignment only.',
    tags,
    params: submissionParams,
    body: pageCommentBody,
    response: {
      201: json(pageComment, 'The comment'),
      ...refusals(...assignmentRefusals, ...bodyRefusals, 409),
    },
  };
  app.post(
    '/api/assignments/:code/submissions/:id/page-comments',
    { schema: addSchema },
    async (request, reply) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      const submission = await findSubmissionIn(db, assignment, request.params.id);
      const added = await addPageComment(deps, user, assignment, submission, request.body);
      return reply.status(201).send(added);
    },
  );

  const removeSchema = {
    summary: 'Remove a comment from an answer’s page',
    tags,
    params: pageCommentParams,
    response: { 204: noContent('Removed'), ...refusals(...assignmentRefusals, 409) },
  };
  app.delete(
    '/api/assignments/:code/submissions/:id/page-comments/:commentId',
    { schema: removeSchema },
    async (request, reply) => {
      const { assignment } = await authorise(db, request, 'grade');
      const submission = await findSubmissionIn(db, assignment, request.params.id);
      await removePageComment(deps, submission.id, request.params.commentId);
      return reply.status(204).send();
    },
  );

  const pdfSchema = {
    summary: 'The answer PDF with its marks written in',
    description:
      'A copy of the answer with the highlights, each question’s marks and the total (after any late penalty) drawn on its pages, and each comment as a PDF annotation; the stored answer is not changed. Written in a reader process within the read limits; a password-protected or unreadable answer gets 409 unreadable_pdf. The teachers always; the student who made it once marks are published (409 not_published before).',
    tags,
    params: submissionParams,
    response: {
      200: binary(['application/pdf'], 'The marked copy'),
      ...refusals(...assignmentRefusals, 409),
    },
  };
  app.get(
    '/api/assignments/:code/submissions/:id/marked.pdf',
    { schema: pdfSchema },
    async (request, reply) => {
      const { user, assignment, submission } = await authoriseSubmission(db, request);
      const pages = await answerPages(deps, user, submission);
      const drawn = await drawnMarksOf(deps, user, assignment, submission, pages);
      if (!drawn.published) throw conflict('not_published', pageCommentMessages.notPublished);
      const bytes = await markedCopy(deps, user, pages, drawn);
      return sendDownload(reply, Buffer.from(bytes), {
        type: 'application/pdf',
        name: 'marked-answer.pdf',
      });
    },
  );
}
