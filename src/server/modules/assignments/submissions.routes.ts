import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  marksBody,
  marksResponse,
  submissionFileField,
  submissionForm,
  submissionsResponse,
  submitResponse,
} from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { codeParams, fileQuery, submissionParams } from '../../../shared/params';
import { badRequest } from '../../errors';
import {
  assignmentRefusals,
  binary,
  bodyRefusals,
  json,
  multipartBody,
  refusals,
} from '../../openapi/route-schema';
import { sendStoredFile } from '../files/files.service';
import { readUploadForm } from '../files/upload-form';
import { authorise, uploadRateLimit, type AssignmentRoutesOptions } from './access';
import { publishDue } from '../review/publishing.service';
import { assertCan } from './assignments.policy';
import * as service from './submissions.service';

const tags = ['submissions'];

/** /api/assignments/:code/submission(s): hand in, the grades table, answer files and marks. */
export async function submissionRoutes(fastify: FastifyInstance, opts: AssignmentRoutesOptions) {
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
        const deps = { db: opts.db, store, log: request.log };
        const row = await service.submitAnswer(deps, user, assignment, answer, startedAt);
        return reply.status(201).send(row);
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
    await publishDue(opts, assignment);
    return service.submissionsFor(db, user, assignment);
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
      const { user, assignment, joined } = await authorise(db, request, 'view');
      const submission = await service.findSubmissionIn(db, assignment, request.params.id);
      assertCan(user, 'read-submission', assignment, {
        joined,
        submissionStudentId: submission.student_id,
      });
      const file = await service.answerFile(db, submission);
      return sendStoredFile(reply, store, file, { download: request.query.download === '1' });
    },
  );

  const marksSchema = {
    summary: 'Set the marks of an answer by hand',
    description:
      'Owner only: 0 to the total marks with at most two decimals. Keeps the AI proposal and records the change in the marks history.',
    tags,
    params: submissionParams,
    body: marksBody,
    response: {
      200: json(marksResponse, 'The updated row'),
      ...refusals(...assignmentRefusals, ...bodyRefusals),
    },
  };
  app.put(
    '/api/assignments/:code/submissions/:id/marks',
    { schema: marksSchema },
    async (request) => {
      const { user, assignment } = await authorise(db, request, 'grade');
      return service.setMarks(db, user, assignment, request.params.id, request.body.marks);
    },
  );
}
