import type { FastifyInstance } from 'fastify';
import { latestEvaluationResponse, submissionDetail } from '../../../shared/evaluations';
import { authorise } from '../assignments/access';
import { assertCan } from '../assignments/assignments.policy';
import { findSubmissionIn } from '../assignments/submissions.service';
import { contentDisposition } from '../files/content-disposition';
import { publishDue } from '../review/publishing.service';
import type { ReviewDeps } from '../review/questions.service';
import * as service from './evaluations.service';
import { gradesCsv } from './grades-csv';

type CodeParams = { Params: { code: string } };

/** Grading runs ("Evaluate Now"), a submission's explained marks, and the CSV export. */
export async function evaluationRoutes(
  app: FastifyInstance,
  opts: ReviewDeps & { queued: service.QueueRun; stopGrading: (assignmentId: string) => void },
) {
  const db = opts.db.kysely;

  app.post<CodeParams>('/api/assignments/:code/evaluations', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    const { run } = await service.startEvaluation(db, assignment, opts.queued);
    return reply.status(202).send(latestEvaluationResponse.parse({ run }));
  });

  app.post<CodeParams>('/api/assignments/:code/evaluations/cancel', async (request) => {
    const { assignment } = await authorise(db, request, 'grade');
    const run = await service.cancelEvaluation(db, assignment, opts.stopGrading);
    return latestEvaluationResponse.parse({ run });
  });

  app.get<CodeParams>('/api/assignments/:code/evaluations/latest', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    reply.header('cache-control', 'no-store');
    return latestEvaluationResponse.parse({ run: await service.latestRun(db, assignment) });
  });

  app.get<{ Params: { code: string; id: string } }>(
    '/api/assignments/:code/submissions/:id',
    async (request) => {
      const { user, assignment, joined } = await authorise(db, request, 'view');
      const submission = await findSubmissionIn(db, assignment, request.params.id);
      assertCan(user, 'read-submission', assignment, {
        joined,
        submissionStudentId: submission.student_id,
      });
      const viewer = assignment.teacher_id === user.id ? 'owner' : 'student';
      await publishDue(opts, assignment);
      const fresh = await findSubmissionIn(db, assignment, request.params.id);
      return submissionDetail.parse(
        await service.submissionDetailFor(opts, fresh, assignment, viewer),
      );
    },
  );

  app.get<CodeParams>('/api/assignments/:code/grades.csv', async (request, reply) => {
    const { assignment } = await authorise(db, request, 'grade');
    const csv = gradesCsv(await service.gradeLines(db, assignment));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        contentDisposition('attachment', `${assignment.code}-grades.csv`),
      )
      .send(csv);
  });
}
