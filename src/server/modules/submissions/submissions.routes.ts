import { isAnonymous } from '../marks/anonymity.service';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  submissionFileField,
  submissionForm,
  submissionsResponse,
  submitResponse,
} from '../../../shared/assignments';
import { submissionDetail } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { codeParams, fileQuery, submissionParams } from '../../../shared/params';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import {
  assignmentRefusals,
  binary,
  json,
  multipartBody,
  refusals,
} from '../../openapi/route-schema';
import { authorise, teachesAssignment } from '../assignments/assignments.policy';
import type { QuestionDeps } from '../assignments/questions.service';
import { readUploadForm, sendStoredFile, uploadRateLimit } from '../files/files.service';
import { publishedChanges } from '../marks/publishing.service';
import { submissionDetailOf } from '../marks/submission-detail.service';
import { readingPreview } from '../../../shared/reading-preview';
import { previewReading } from './reading-preview.service';
import { authoriseSubmission } from './submissions.policy';
import * as service from './submissions.service';

/** What the submission routes are given by buildApp. */
export type SubmissionRoutesOptions = QuestionDeps & {
  config: Config;
  /** An answer was handed in unread (a scan whose reading was not shown): read it now. */
  arrived?: () => void;
};

const tags = ['submissions'];

/** /api/assignments/:code/submission(s): hand in, the grades table, one answer and its file. */
export async function submissionRoutes(fastify: FastifyInstance, opts: SubmissionRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { store, config } = opts;
  const db = opts.db.kysely;

  const submitSchema = {
    summary: 'Hand in your answer',
    description:
      'A joined student, once, before the deadline (checked against the moment the request arrived). multipart/form-data with one PDF in `answer`. 403 deadline_passed; 409 already_submitted; the owner gets 403, anyone else 404.',
    tags,
    params: codeParams,
    consumes: ['multipart/form-data'],
    response: {
      201: json(submitResponse, 'Handed in: your own row, marks null'),
      ...refusals(...assignmentRefusals, 409, 413, 415, 429),
    },
  };
  app.post(
    '/api/assignments/:code/submission',
    {
      schema: submitSchema,
      config: { ...uploadRateLimit(config), swaggerTransform: multipartBody(submissionForm) },
    },
    async (request, reply) => {
      const startedAt = new Date();
      const { user, assignment } = await authorise(db, request, 'submit');
      await service.assertCanStillSubmit(db, user, assignment, startedAt);
      const form = await readUploadForm(
        request,
        { [submissionFileField]: 'pdf' },
        { tmpDir: config.tmpDir, checker: opts.checker },
      );
      try {
        const answer = form.files.get(submissionFileField);
        if (!answer) {
          const message = messages.selectFileToSubmit;
          throw badRequest(message, [{ path: submissionFileField, message }]);
        }
        const deps = { db: opts.db, store, log: request.log, notify: opts.notify };
        const { row, read } = await service.submitAnswer(deps, user, assignment, answer, startedAt);
        if (!read) opts.arrived?.();
        return reply.status(201).send(row);
      } finally {
        await form.discard();
      }
    },
  );

  const previewSchema = {
    summary: 'What Markwise will read from your answer',
    description:
      'Before handing in: the answer PDF (multipart, one PDF in `answer`, the same limits as the hand-in) read as grading will read it, page by page, with the words the reader is unsure of marked and the pages that are hard to read named. Nothing is handed in; a reading made by OCR is kept for the student, the assignment and that file (her last one), so that handing in the very same file keeps it and grading does not read it again. Only a joined student who may still hand in; the owner gets 403, anyone else 404; 409 once handed in.',
    tags,
    params: codeParams,
    consumes: ['multipart/form-data'],
    response: {
      200: json(readingPreview, 'The reading, page by page'),
      ...refusals(...assignmentRefusals, 409, 413, 415, 429),
    },
  };
  app.post(
    '/api/assignments/:code/submission/reading',
    {
      schema: previewSchema,
      config: { ...uploadRateLimit(config), swaggerTransform: multipartBody(submissionForm) },
    },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'submit');
      await service.assertCanStillSubmit(db, user, assignment, new Date());
      const form = await readUploadForm(
        request,
        { [submissionFileField]: 'pdf' },
        { tmpDir: config.tmpDir, checker: opts.checker },
      );
      try {
        const answer = form.files.get(submissionFileField);
        if (!answer) {
          const message = messages.selectFileToSubmit;
          throw badRequest(message, [{ path: submissionFileField, message }]);
        }
        return await previewReading(opts.checker, answer, {
          db: opts.db.kysely,
          assignmentId: assignment.id,
          studentId: user.id,
        });
      } finally {
        await form.discard();
      }
    },
  );

  const listSchema = {
    summary: 'The grades table',
    description:
      'The owner gets every submission by student name and the joined students who have not handed in; a student gets only their own row, with marks once published.',
    tags,
    params: codeParams,
    response: {
      200: json(submissionsResponse, 'Rows as the viewer may see them'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/submissions', { schema: listSchema }, async (request) => {
    const { user, assignment } = await authorise(db, request, 'list-submissions');
    return service.submissionsFor(db, user, assignment, (rows) =>
      publishedChanges(opts, assignment, rows),
    );
  });

  const fileSchema = {
    summary: 'The answer PDF',
    description:
      'The owner, or the student who handed it in (anyone else gets 404). Inline unless `?download=1`.',
    tags,
    params: submissionParams,
    querystring: fileQuery,
    response: {
      200: binary(['application/pdf'], 'The PDF as it was handed in'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get(
    '/api/assignments/:code/submissions/:id/file',
    { schema: fileSchema },
    async (request, reply) => {
      const { user, assignment, submission } = await authoriseSubmission(db, request);
      const file = await service.answerFile(db, submission);
      // Marking anonymously: the owner never sees the file's own name (it may hold the student's).
      const anonymous = teachesAssignment(user, assignment) && isAnonymous(assignment);
      const named = anonymous ? { ...file, original_name: 'answer.pdf' } : file;
      return sendStoredFile(reply, store, named, { download: request.query.download === '1' });
    },
  );

  const detailSchema = {
    summary: "One answer with the engine's explanation",
    description:
      'The owner always; the student who handed in sees marks and explanation only once published. Another student gets 404.',
    tags,
    params: submissionParams,
    response: {
      200: json(submissionDetail, 'The submission'),
      ...refusals(...assignmentRefusals),
    },
  };
  app.get('/api/assignments/:code/submissions/:id', { schema: detailSchema }, async (request) => {
    const { user, assignment } = await authoriseSubmission(db, request);
    return submissionDetailOf(opts, user, assignment, request.params.id);
  });
}
