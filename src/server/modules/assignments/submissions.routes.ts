import type { FastifyInstance } from 'fastify';
import { marksBody, submissionFileField, submissionsResponse } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { badRequest } from '../../errors';
import { sendStoredFile } from '../files/files.service';
import { readUploadForm } from '../files/upload-form';
import { authorise, uploadRateLimit, type AssignmentRoutesOptions } from './access';
import { assertCan } from './assignments.policy';
import * as service from './submissions.service';

type SubmissionParams = { Params: { code: string; id: string } };

/** /api/assignments/:code/submission(s): hand in, the grades table, answer files and marks. */
export async function submissionRoutes(app: FastifyInstance, opts: AssignmentRoutesOptions) {
  const { store, config } = opts;
  const db = opts.db.kysely;

  app.post<{ Params: { code: string } }>(
    '/api/assignments/:code/submission',
    { config: uploadRateLimit(config) },
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

  app.get<{ Params: { code: string } }>('/api/assignments/:code/submissions', async (request) => {
    const { user, assignment } = await authorise(db, request, 'list-submissions');
    return submissionsResponse.parse(await service.submissionsFor(db, user, assignment));
  });

  app.get<SubmissionParams & { Querystring: { download?: string } }>(
    '/api/assignments/:code/submissions/:id/file',
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

  app.put<SubmissionParams>('/api/assignments/:code/submissions/:id/marks', async (request) => {
    const { user, assignment } = await authorise(db, request, 'grade');
    const { marks } = marksBody.parse(request.body);
    return service.setMarks(db, user, assignment, request.params.id, marks);
  });
}
